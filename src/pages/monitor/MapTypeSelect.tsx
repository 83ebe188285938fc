import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModule, useLazyControl } from '../../components/lazy/lazyModule';
import { SelectLookalike } from '../../components/lazy/SelectLookalike';
import type { MapChoice } from '../../domain/codes';
import { choiceLabelKey, type Drawn } from '../../maps/drawn';

// antd's Select (rc-select and rc-virtual-list, about 25 KB gzip) loads when the select is used;
// the toolbar's first paint shows a look-alike (page weight, issue 18).
const realSelect = lazyModule(() => import('./MapTypeSelectReal'));
const WIDTH = 150;

/**
 * The provider box: what the map draws (a keyed provider, OpenStreetMap, the offline streets
 * or outlines; src/maps/drawn.ts), offering only what can be drawn here. Empty while deciding.
 */
export function MapTypeSelect({
  drawn,
  onChange,
  style,
}: {
  drawn: Drawn | null;
  onChange(t: MapChoice): void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('monitor');
  const lazy = useLazyControl(realSelect);
  const box = { width: WIDTH, ...style };
  const label = (c: MapChoice) => t(choiceLabelKey(c, drawn?.offline ?? 'outlines'));
  if (lazy.Real && drawn) {
    const options = drawn.options.map((c) => ({ value: c, label: label(c) }));
    return <lazy.Real.MapTypeSelectReal value={drawn.choice} onChange={onChange} options={options} style={box} />;
  }
  return (
    <SelectLookalike
      data-testid="map-type"
      aria-label={t('mapType.label')}
      label={drawn ? label(drawn.choice) : undefined}
      placeholder="…"
      style={box}
      onPrefetch={lazy.prefetch}
      onOpen={drawn ? lazy.open : () => {}}
    />
  );
}
