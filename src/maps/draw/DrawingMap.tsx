import { ClearOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { basemapProps, type MapSetup } from '../../pages/monitor/useMapSetup';
import type { MapFence } from '../types';
import type { DrawnShape, ShapeKind } from './geometry';
import { MapLoading } from '../MapLoading';

// L7 loads with the screens that draw, as on the monitor.
const FleetMap = lazy(() => import('../index').then((m) => ({ default: m.FleetMap })));
const ShapeEditor = lazy(() => import('../index').then((m) => ({ default: m.ShapeEditor })));

const NO_DEVICES: never[] = [];

export interface DrawingMapProps {
  /** The monitor's map setup (provider, key, variant): `useMapSetup()`. */
  setup: MapSetup;
  kind: ShapeKind;
  value: DrawnShape | null;
  onChange(shape: DrawnShape | null): void;
  /** Other shapes shown for context (not editable). */
  fences?: readonly MapFence[];
  readOnly?: boolean;
  /** Extra controls in the toolbar over the map. */
  extra?: ReactNode;
}

/**
 * A map to draw one shape on: the monitor's basemap and provider, the editor, and a toolbar
 * with what to do next and a Clear button. Texts come from the fence namespace (`draw.*`).
 */
export function DrawingMap({ setup, kind, value, onChange, fences, readOnly, extra }: DrawingMapProps) {
  const { t } = useTranslation('fence');
  const hint = value ? t('draw.editHint') : t(`draw.hint.${kind}`);
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }} data-testid="drawing-map">
      <Suspense fallback={<MapLoading />}>
        <FleetMap {...basemapProps(setup)} devices={NO_DEVICES} fences={fences} showLabels={false}>
          <ShapeEditor kind={kind} value={value} onChange={onChange} readOnly={readOnly} />
        </FleetMap>
      </Suspense>
      {!readOnly && (
        <div
          style={{
            position: 'absolute',
            top: 8,
            left: 8,
            right: 8,
            zIndex: 5,
            display: 'flex',
            gap: 8,
            alignItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <div
            data-testid="draw-hint"
            style={{
              background: 'rgba(255,255,255,0.92)',
              padding: '4px 10px',
              borderRadius: 4,
              fontSize: 13,
              maxWidth: '70%',
            }}
          >
            {hint}
          </div>
          <span style={{ flex: 1 }} />
          <span style={{ pointerEvents: 'auto', display: 'flex', gap: 8 }}>
            {extra}
            <Button
              size="small"
              icon={<ClearOutlined />}
              disabled={!value}
              onClick={() => onChange(null)}
              data-testid="draw-clear"
            >
              {t('draw.clear')}
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
