import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveShape } from './liveShape';
import { shapeSize } from './measure';
import { sizeTexts } from './sizeText';

/**
 * The size of the shape being drawn, updated as the pointer moves: a circle's radius, a
 * polygon's area and perimeter, a line's length, in the user's language (`fence:draw.size.*`).
 * Nothing before the first point.
 */
export function SizeReadout({ live }: { live: LiveShape }) {
  const { t, i18n } = useTranslation('fence');
  const shape = useSyncExternalStore(live.subscribe, live.get);
  const size = shapeSize(shape);
  if (!size) return null;
  const parts = sizeTexts(size, i18n.language, (unit, value) => t(`draw.unit.${unit}`, { value }));
  return (
    <div
      data-testid="draw-size"
      style={{ background: 'rgba(255,255,255,0.92)', padding: '2px 10px', borderRadius: 4, fontSize: 13, fontWeight: 500, alignSelf: 'flex-start' }}
    >
      {t(`draw.size.${size.kind}`, parts)}
    </div>
  );
}
