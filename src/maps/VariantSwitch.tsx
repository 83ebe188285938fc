import { Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { satelliteOffer, type Drawn } from './drawn';
import type { MapVariant } from './types';

/**
 * The Normal / Satellite switch, only where satellite imagery can show (issue 32): with a keyed
 * provider drawn. When one has a key but another map is drawn, Satellite is disabled and says
 * why; without any keyed provider there is nothing to switch and the switch is not shown.
 */
export function VariantSwitch({ drawn, value, onChange }: { drawn: Drawn | null; value: MapVariant; onChange(v: MapVariant): void }) {
  const { t } = useTranslation('monitor');
  const offer = satelliteOffer(drawn);
  if (offer === 'none') return null;
  const satellite = t('toolbar.satellite');
  return (
    <Segmented
      data-testid="map-variant"
      // The keyless map has no satellite imagery: it shows the normal map whatever was chosen before.
      value={offer === 'on' ? value : 'normal'}
      onChange={(v) => onChange(v as MapVariant)}
      options={[
        { value: 'normal', label: t('toolbar.normal') },
        {
          value: 'satellite',
          disabled: offer !== 'on',
          label:
            offer === 'on' ? (
              satellite
            ) : (
              <Tooltip title={t('toolbar.satelliteNeedsProvider')}>
                <span data-testid="satellite-unavailable">{satellite}</span>
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
