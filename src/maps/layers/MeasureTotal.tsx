import { formatDistance } from '../distance';
import type { DistanceUnit } from '../types';

/** Colour and stroke width (spec section 9) of the distance tool, on both maps. */
export const MEASURE_STROKE = '#f5222d';
export const MEASURE_STROKE_WIDTH = 2;

/** The measured total in the map's corner (shown from the second point on). */
export function MeasureTotal({ meters, unit }: { meters: number; unit: DistanceUnit }) {
  return (
    <div
      data-testid="map-measure-total"
      style={{
        position: 'absolute',
        right: 12,
        bottom: 12,
        zIndex: 2,
        padding: '4px 10px',
        background: 'rgba(255,255,255,0.92)',
        border: `1px solid ${MEASURE_STROKE}`,
        borderRadius: 4,
        font: '13px sans-serif',
        pointerEvents: 'none',
      }}
    >
      {formatDistance(meters, unit)}
    </div>
  );
}
