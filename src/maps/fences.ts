import { circleRing } from './distance';
import type { MapFence } from './types';

/** Fence ring in WGS-84, or null when the fence lacks what its type needs. */
export function fenceRing(fence: MapFence): [number, number][] | null {
  if (fence.type === 'circle') {
    if (!fence.center || !fence.radius || fence.radius <= 0) return null;
    return circleRing(fence.center, fence.radius);
  }
  if (!fence.points || fence.points.length < 3) return null;
  const ring = [...fence.points];
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
  return ring;
}
