/**
 * Pure geometry of the shape editor (no L7, no DOM): building shapes from pointer positions,
 * the handles a shape offers, hit-testing them in screen pixels and applying a handle's drag.
 * Shapes are WGS-84 throughout; only hit-testing works on screen positions.
 */
import { destination, distanceMeters } from '../distance';

export type LngLat = [number, number];

/** What the editor draws. `circle`, `polygon` and `rectangle` match src/domain/fence/shape's FenceShape. */
export type ShapeKind = 'circle' | 'polygon' | 'rectangle' | 'polyline' | 'point';

export type DrawnShape =
  | { type: 'circle'; center: LngLat; radius: number }
  | { type: 'polygon' | 'rectangle' | 'polyline'; points: LngLat[] }
  | { type: 'point'; point: LngLat };

/**
 * A handle of a shape. `vertex` i is points[i]; `mid` i sits halfway along the edge from
 * points[i] to the next one (dragging it inserts a vertex there).
 */
export type HandleRef =
  | { kind: 'center' }
  | { kind: 'radius' }
  | { kind: 'vertex'; index: number }
  | { kind: 'mid'; index: number };

export interface Handle {
  ref: HandleRef;
  at: LngLat;
}

/** Pointer travel (px) under which a press and release is a click, not a drag. */
export const CLICK_TOLERANCE_PX = 4;
/** How close (px) the pointer must be to grab a handle. */
export const HANDLE_HIT_PX = 10;
/** The same for a finger: it covers some 10 mm of glass and hides the handle it aims at. */
export const TOUCH_HIT_PX = 22;

/** The axis-aligned rectangle (in longitude and latitude) with two opposite corners: SW, SE, NE, NW. */
export function rectangleFromCorners(a: LngLat, b: LngLat): LngLat[] {
  const [w, e] = a[0] <= b[0] ? [a[0], b[0]] : [b[0], a[0]];
  const [s, n] = a[1] <= b[1] ? [a[1], b[1]] : [b[1], a[1]];
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ];
}

/** A circle's radius for a pointer at `pointer`: the distance from the centre, in whole metres. */
export function radiusFromDrag(center: LngLat, pointer: LngLat): number {
  return Math.round(distanceMeters(center, pointer));
}

/** Where the radius handle of a circle sits: due east of the centre. */
export function radiusHandleAt(center: LngLat, radius: number): LngLat {
  return destination(center, radius, 90);
}

function midpoint(a: LngLat, b: LngLat): LngLat {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/**
 * The handles of a shape, in drawing order (mid handles first, so the vertex on top wins a
 * tie in `hitHandle`, which prefers later handles). Rectangles have no mid handles: an inserted
 * corner would stop them being rectangles.
 */
export function handlesOf(shape: DrawnShape): Handle[] {
  switch (shape.type) {
    case 'circle':
      return [
        { ref: { kind: 'center' }, at: shape.center },
        { ref: { kind: 'radius' }, at: radiusHandleAt(shape.center, shape.radius) },
      ];
    case 'point':
      return [{ ref: { kind: 'center' }, at: shape.point }];
    default: {
      const pts = shape.points;
      const out: Handle[] = [];
      if (shape.type !== 'rectangle') {
        const edges = shape.type === 'polygon' ? pts.length : pts.length - 1;
        for (let i = 0; i < edges; i++) out.push({ ref: { kind: 'mid', index: i }, at: midpoint(pts[i], pts[(i + 1) % pts.length]) });
      }
      pts.forEach((p, index) => out.push({ ref: { kind: 'vertex', index }, at: p }));
      return out;
    }
  }
}

/**
 * Index of the handle under the pointer (screen positions), or -1. The nearest within
 * `tolerance` wins; on equal distance the later one (drawn on top).
 */
export function hitHandle(screen: readonly { x: number; y: number }[], x: number, y: number, tolerance = HANDLE_HIT_PX): number {
  let best = -1;
  let bestD = tolerance * tolerance;
  screen.forEach((p, i) => {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** Whether a press at `down` released at `up` (screen px) counts as a click. */
export function isClick(down: { x: number; y: number }, up: { x: number; y: number }, tolerance = CLICK_TOLERANCE_PX): boolean {
  return Math.hypot(up.x - down.x, up.y - down.y) <= tolerance;
}

/** A drag in progress: the handle held, and for a rectangle corner the opposite corner that stays. */
export interface Drag {
  ref: HandleRef;
  anchor?: LngLat;
}

/**
 * Starts dragging a handle. A mid handle becomes a new vertex right away (so later moves move
 * it); a rectangle corner remembers the opposite corner.
 */
export function startDrag(shape: DrawnShape, ref: HandleRef): { shape: DrawnShape; drag: Drag } {
  if (ref.kind === 'mid' && (shape.type === 'polygon' || shape.type === 'polyline')) {
    const pts = shape.points;
    const i = ref.index;
    const inserted = [...pts.slice(0, i + 1), midpoint(pts[i], pts[(i + 1) % pts.length]), ...pts.slice(i + 1)];
    return { shape: { ...shape, points: inserted }, drag: { ref: { kind: 'vertex', index: i + 1 } } };
  }
  if (ref.kind === 'vertex' && shape.type === 'rectangle') return { shape, drag: { ref, anchor: shape.points[(ref.index + 2) % 4] } };
  return { shape, drag: { ref } };
}

/** The shape with the held handle at `pointer` (WGS-84). */
export function applyDrag(shape: DrawnShape, drag: Drag, pointer: LngLat): DrawnShape {
  const { ref } = drag;
  switch (shape.type) {
    case 'circle':
      if (ref.kind === 'center') return { ...shape, center: pointer };
      if (ref.kind === 'radius') return { ...shape, radius: radiusFromDrag(shape.center, pointer) };
      return shape;
    case 'point':
      return ref.kind === 'center' ? { ...shape, point: pointer } : shape;
    case 'rectangle':
      if (ref.kind !== 'vertex' || !drag.anchor) return shape;
      return { ...shape, points: rectangleFromCorners(drag.anchor, pointer) };
    default: {
      if (ref.kind !== 'vertex') return shape;
      const points = shape.points.map((p, i) => (i === ref.index ? pointer : p));
      return { ...shape, points };
    }
  }
}

/** Removes a vertex when the shape keeps enough of them (3 for a polygon, 2 for a line); else null. */
export function removeVertex(shape: DrawnShape, index: number): DrawnShape | null {
  if (shape.type !== 'polygon' && shape.type !== 'polyline') return null;
  const min = shape.type === 'polygon' ? 3 : 2;
  if (shape.points.length <= min) return null;
  return { ...shape, points: shape.points.filter((_, i) => i !== index) };
}

/** The shape as built from a two-point gesture (press/drag/release or two clicks): circle, rectangle. */
export function shapeFromGesture(kind: 'circle' | 'rectangle', from: LngLat, to: LngLat): DrawnShape {
  return kind === 'circle'
    ? { type: 'circle', center: from, radius: radiusFromDrag(from, to) }
    : { type: 'rectangle', points: rectangleFromCorners(from, to) };
}

/** Points that bound a shape (for fitting the view): corners, or a circle's compass points. */
export function boundsPoints(shape: DrawnShape): LngLat[] {
  if (shape.type === 'circle') return [0, 90, 180, 270].map((b) => destination(shape.center, shape.radius, b));
  if (shape.type === 'point') return [shape.point];
  return shape.points;
}
