import { useEffect } from 'react';
import { useMap } from '../MapContext';
import type { LngLat } from './geometry';
import { fitView } from './ShapeEditor';

/**
 * Fits the view to WGS-84 points whenever `fitKey` changes (a fence opened, the list loaded),
 * not on every new array: the user's own pans stay. Draws nothing.
 */
export function FitView({ points, fitKey }: { points: readonly LngLat[]; fitKey: string | number }) {
  const { scene, toMap } = useMap();
  useEffect(() => {
    fitView(scene, points.map(([lng, lat]) => toMap(lng, lat)));
    // Only a new key refits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, toMap, fitKey]);
  return null;
}
