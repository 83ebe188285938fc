/** Between area records and the map's shapes (WGS-84); the fences' converters do the work. Pure. */
import type { MapFence } from '../../maps/types';
import { shapeOfFence } from '../fence/shapes';
import type { Area } from './api';

/** The area for the map's fence layer (rectangles drawn as polygons). */
export function mapFenceOfArea(a: Area): MapFence | null {
  const s = shapeOfFence(a);
  if (!s) return null;
  if (s.type === 'circle') return { id: a.id, name: a.name, type: 'circle', center: s.center, radius: s.radius };
  if (s.type === 'polygon' || s.type === 'rectangle') return { id: a.id, name: a.name, type: 'polygon', points: s.points };
  return null;
}
