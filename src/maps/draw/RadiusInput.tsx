import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FENCE_RADIUS_MAX, FENCE_RADIUS_MIN } from '../../domain/constants';
import type { DrawnShape, LngLat } from './geometry';

interface Props {
  value: DrawnShape | null;
  onChange(shape: DrawnShape): void;
  /** Where a circle typed before any is drawn goes: the centre of the view (the vehicle, at first). */
  centre(): LngLat | null;
}

/**
 * A circle's radius typed in metres, within the spec's fence limits (100 m to 1,000 km; antd
 * brings an out-of-range number back into them when the box is left). Bound to the circle: a
 * drag of its rim shows here, a number typed here resizes it; typed before any circle is drawn,
 * it makes one at the centre of the view.
 */
export function RadiusInput({ value, onChange, centre }: Props) {
  const { t } = useTranslation('fence');
  const circle = value?.type === 'circle' ? value : null;
  const apply = (r: number | null) => {
    if (r == null || !(r >= FENCE_RADIUS_MIN && r <= FENCE_RADIUS_MAX)) return;
    const radius = Math.round(r);
    if (circle) {
      if (circle.radius !== radius) onChange({ ...circle, radius });
      return;
    }
    const at = centre();
    if (at) onChange({ type: 'circle', center: at, radius });
  };
  return (
    <InputNumber<number>
      style={{ width: 190 }}
      min={FENCE_RADIUS_MIN}
      max={FENCE_RADIUS_MAX}
      step={50}
      precision={0}
      value={circle?.radius ?? null}
      prefix={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('fields.radius')}</span>}
      suffix={t('draw.metres')}
      onChange={apply}
      aria-label={t('draw.radiusLabel')}
      data-testid="draw-radius"
    />
  );
}
