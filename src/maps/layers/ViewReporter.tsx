import { useEffect, useRef } from 'react';
import { useMap } from '../MapContext';

/** The shown area in WGS-84 (the corners converted back from the map's coordinates). */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/**
 * Tells the page which area the map shows once a pan or zoom has settled (`delayMs` after the
 * last move), so it can load more detail for it. Draws nothing.
 */
export function ViewReporter({ onView, delayMs = 300 }: { onView(view: MapView): void; delayMs?: number }) {
  const { scene, fromMap } = useMap();
  const latest = useRef(onView);
  latest.current = onView;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      timer = undefined;
      const [[minLng, minLat], [maxLng, maxLat]] = scene.getBounds();
      const [w, s] = fromMap(minLng, minLat);
      const [e, n] = fromMap(maxLng, maxLat);
      latest.current({
        west: Math.max(-180, Math.min(w, e)),
        east: Math.min(180, Math.max(w, e)),
        south: Math.max(-90, Math.min(s, n)),
        north: Math.min(90, Math.max(s, n)),
        zoom: scene.getZoom(),
      });
    };
    const onMove = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(report, delayMs);
    };
    scene.on('moveend', onMove);
    scene.on('zoomend', onMove);
    return () => {
      if (timer) clearTimeout(timer);
      scene.off('moveend', onMove);
      scene.off('zoomend', onMove);
    };
  }, [scene, fromMap, delayMs]);

  return null;
}
