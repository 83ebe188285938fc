import { ClearOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../hooks/useIsPhone';
import type { MapSetup } from '../../pages/monitor/useMapSetup';
import type { MapFence } from '../types';
import { EditorFrame } from './EditorFrame';
import type { ViewBridge } from './EditorView';
import type { DrawnShape, ShapeKind } from './geometry';
import { liveShape } from './liveShape';
import { RadiusInput } from './RadiusInput';
import { SizeReadout } from './SizeReadout';

// L7 loads with the screens that draw, as on the monitor.
const ShapeEditor = lazy(() => import('../index').then((m) => ({ default: m.ShapeEditor })));

export interface DrawingMapProps {
  /** The monitor's map setup (provider, key, variant): `useMapSetup()`. */
  setup: MapSetup;
  kind: ShapeKind;
  value: DrawnShape | null;
  onChange(shape: DrawnShape | null): void;
  /** IMEI of the vehicle the editor was opened for (the monitor's fence action): the map opens on it. */
  focus?: string;
  /** Other shapes shown for context (not editable). */
  fences?: readonly MapFence[];
  readOnly?: boolean;
  /** Extra controls in the toolbar over the map. */
  extra?: ReactNode;
}

const note = { background: 'rgba(255,255,255,0.92)', padding: '4px 10px', borderRadius: 4, fontSize: 13, alignSelf: 'flex-start' } as const;

/**
 * A map to draw one shape on (EditorFrame: vehicles, place search, zoom), with what to do next,
 * the size so far, a circle's radius in metres and a Clear button. Texts come from the fence
 * namespace (`draw.*`).
 */
export function DrawingMap({ setup, kind, value, onChange, focus, fences, readOnly, extra }: DrawingMapProps) {
  const { t } = useTranslation('fence');
  // A phone's map is narrow: the hint takes its whole width rather than twice the lines.
  const phone = useIsPhone();
  const live = useMemo(liveShape, []);
  const bridge = useRef<ViewBridge | null>(null);
  // The shape given when the editor opened (editing one) decides where the view starts.
  const opened = useRef(!!value);
  const hint = value ? t('draw.editHint') : t(`draw.hint.${kind}`);
  const circle = kind === 'circle' || value?.type === 'circle';
  const tools = !readOnly && (
    <>
      {circle && <RadiusInput value={value} onChange={onChange} centre={() => bridge.current?.centre() ?? null} />}
      {extra}
      <Button icon={<ClearOutlined />} disabled={!value} onClick={() => onChange(null)} data-testid="draw-clear">
        {t('draw.clear')}
      </Button>
    </>
  );
  const notes = !readOnly && (
    <>
      <div data-testid="draw-hint" style={{ ...note, maxWidth: phone ? '100%' : '70%' }}>
        {hint}
      </div>
      <SizeReadout live={live} />
    </>
  );
  return (
    <EditorFrame setup={setup} focus={focus} hasShape={opened.current} fences={fences} tools={tools} notes={notes} bridge={bridge}>
      <ShapeEditor kind={kind} value={value} onChange={onChange} readOnly={readOnly} onLive={live.set} />
    </EditorFrame>
  );
}
