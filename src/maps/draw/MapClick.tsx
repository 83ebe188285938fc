import { useEffect, useRef } from 'react';
import { useMap } from '../MapContext';

/**
 * Reports clicks on the map in WGS-84 (converted back from the provider's datum), for pages
 * that hit-test their own shapes (the multi-fence view). Draws nothing.
 */
export function MapClick({ onClick }: { onClick(lng: number, lat: number): void }) {
  const { scene, fromMap } = useMap();
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    const handler = (e: { lngLat?: { lng: number; lat: number } }) => {
      if (!e.lngLat) return;
      const [lng, lat] = fromMap(e.lngLat.lng, e.lngLat.lat);
      latest.current(lng, lat);
    };
    scene.on('click', handler);
    return () => {
      scene.off('click', handler);
    };
  }, [scene, fromMap]);
  return null;
}
