/**
 * The three kinds of map areas that are not fences (docs/api/areas.md): what each is drawn as
 * and where its calls go, and the request body of a save. Pure, shared by the screens.
 */
import type { FenceShape } from '../fence/shape';

export type AreaKind = 'risk' | 'checkArea' | 'checkPoint';

export interface AreaKindSpec {
  kind: AreaKind;
  /** What the editor draws: risk points and check points are circles, check areas polygons. */
  shape: 'circle' | 'polygon';
  /** Call prefix: `<base>/list`, `/add`, `/edit`, `/delete`. */
  base: string;
  /** Visits are recorded for check-car areas and points only. */
  visits: boolean;
}

export const AREA_KINDS: Readonly<Record<AreaKind, AreaKindSpec>> = {
  risk: { kind: 'risk', shape: 'circle', base: '/riskPoint', visits: false },
  checkArea: { kind: 'checkArea', shape: 'polygon', base: '/checkCar/area', visits: true },
  checkPoint: { kind: 'checkPoint', shape: 'circle', base: '/checkCar/point', visits: true },
};

export type AreaSaveBody =
  | { id?: number; name: string; center: { lng: number; lat: number }; radius: number }
  | { id?: number; name: string; type: 'polygon' | 'rectangle'; points: [number, number][] };

/**
 * The add (no id) or edit request of an area of `kind`; null when the shape is not the kind's
 * (a circle for a check area), so the caller shows "not drawn" instead of posting it.
 */
export function areaSaveBody(kind: AreaKind, name: string, shape: FenceShape | null, id?: number): AreaSaveBody | null {
  if (!shape) return null;
  const base = { ...(id ? { id } : {}), name: name.trim() };
  const want = AREA_KINDS[kind].shape;
  if (want === 'circle') {
    if (shape.type !== 'circle') return null;
    return { ...base, center: { lng: shape.center[0], lat: shape.center[1] }, radius: Math.round(shape.radius) };
  }
  if (shape.type === 'circle') return null;
  return { ...base, type: shape.type, points: shape.points.map(([a, b]) => [a, b]) };
}
