import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveShape } from './liveShape';
import { shapeSize, type ShapeSize } from './measure';
import { formatNumber, lengthMeasure, sizeTexts, type SizeUnit } from './sizeText';

/**
 * How the shape editors write sizes in the user's language (`fence:draw.size.*`, `draw.unit.*`):
 * a whole size line, or one length (a radius under the map).
 */
export function useSizeText() {
  const { t, i18n } = useTranslation('fence');
  const lng = i18n.language;
  const unitText = useCallback((unit: SizeUnit, value: string) => t(`draw.unit.${unit}`, { value }), [t]);
  return {
    size: (size: ShapeSize) => t(`draw.size.${size.kind}`, sizeTexts(size, lng, unitText)),
    length: (meters: number) => {
      const m = lengthMeasure(meters);
      return unitText(m.unit, formatNumber(m, lng));
    },
  };
}

/**
 * The size of the shape being drawn, updated as the pointer moves: a circle's radius, a
 * polygon's area and perimeter, a line's length. Nothing before the first point.
 */
export function SizeReadout({ live }: { live: LiveShape }) {
  const text = useSizeText();
  const shape = useSyncExternalStore(live.subscribe, live.get);
  const size = shapeSize(shape);
  if (!size) return null;
  return (
    <div
      data-testid="draw-size"
      style={{ background: 'rgba(255,255,255,0.92)', padding: '2px 10px', borderRadius: 4, fontSize: 13, fontWeight: 500, alignSelf: 'flex-start' }}
    >
      {text.size(size)}
    </div>
  );
}
