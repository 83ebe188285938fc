/**
 * Between the fence API's records and the map's shapes (all WGS-84), and the client-side shape
 * check with the server's own validator (src/domain/fence/shape). Pure.
 */
import { fenceBBox, fenceContains, fenceShapeProblem, type FenceShape, type FenceShapeProblem } from '../../domain/fence/shape';
import type { DrawnShape } from '../../maps/draw/geometry';
import type { MapFence } from '../../maps/types';
import type { Fence, FenceType, SaveBody } from './api';

/** The fence's geometry as the editor's shape, or null when the record lacks it. */
export function shapeOfFence(f: Pick<Fence, 'type' | 'center' | 'radius' | 'points'>): DrawnShape | null {
  if (f.type === 'circle') return f.center && f.radius ? { type: 'circle', center: [f.center.lng, f.center.lat], radius: f.radius } : null;
  return f.points?.length ? { type: f.type, points: f.points.map(([a, b]) => [a, b]) } : null;
}

/** The shape as the domain's FenceShape (fences are circles, polygons and rectangles only). */
export function asFenceShape(shape: DrawnShape | null): FenceShape | null {
  if (!shape) return null;
  if (shape.type === 'circle') return shape;
  if (shape.type === 'polygon' || shape.type === 'rectangle') return { type: shape.type, points: shape.points };
  return null;
}

/** What stops saving the shape, as a key of the errors namespace: not drawn, or the validator's problem. */
export function shapeProblem(shape: DrawnShape | null, kind: FenceType): FenceShapeProblem | 'fenceNotDrawn' | null {
  const fs = asFenceShape(shape);
  if (!fs || fs.type !== kind) return 'fenceNotDrawn';
  return fenceShapeProblem(fs);
}

/** The request body of a create (no id) or an edit. Assumes `shapeProblem` found nothing. */
export function saveBodyOf(name: string, shape: FenceShape, id?: number): SaveBody {
  const base = { ...(id ? { id } : {}), name: name.trim() };
  if (shape.type === 'circle')
    return { ...base, type: 'circle', center: { lng: shape.center[0], lat: shape.center[1] }, radius: Math.round(shape.radius) };
  return { ...base, type: shape.type, points: shape.points.map(([a, b]) => [a, b]) };
}

/** The fence for the map's fence layer (which draws rectangles as polygons). */
export function mapFenceOf(f: Fence): MapFence | null {
  const s = shapeOfFence(f);
  if (!s) return null;
  if (s.type === 'circle') return { id: f.id, name: f.name, type: 'circle', center: s.center, radius: s.radius };
  if (s.type === 'polygon' || s.type === 'rectangle') return { id: f.id, name: f.name, type: 'polygon', points: s.points };
  return null;
}

const area = (s: FenceShape) => {
  const [w, so, e, n] = fenceBBox(s);
  return (e - w) * (n - so);
};

/** The fence under a clicked point; of nested ones the smallest (the one drawn on top). */
export function fenceAt<F extends Pick<Fence, 'type' | 'center' | 'radius' | 'points'>>(fences: readonly F[], lng: number, lat: number): F | undefined {
  let best: { f: F; a: number } | undefined;
  for (const f of fences) {
    const s = asFenceShape(shapeOfFence(f));
    if (!s || !fenceContains(s, lng, lat)) continue;
    const a = area(s);
    if (!best || a < best.a) best = { f, a };
  }
  return best?.f;
}
