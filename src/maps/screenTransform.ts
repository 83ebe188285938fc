/**
 * Placing many points on the map's screen without asking the map for each one. A map without
 * pitch shows Web Mercator through an affine transform (scale, rotation, shift), so three points
 * the map projects give the transform for all the others: a pan redraw of 10,000 track points
 * costs two multiplications each instead of 10,000 calls into the map's camera.
 */

export type Point = readonly [number, number];

/** x' = a·x + b·y + c, y' = d·x + e·y + f */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

const MAX_LAT = 85.0511287798;

/** Web Mercator of a longitude and latitude, in world units (0..1 both ways, y down). */
export function mercator(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)];
}

/** The affine transform taking `from[i]` to `to[i]`; null when the three points are in a line. */
export function affineFrom3(from: readonly [Point, Point, Point], to: readonly [Point, Point, Point]): Affine | null {
  const [p0, p1, p2] = from;
  const [q0, q1, q2] = to;
  const ux = p1[0] - p0[0];
  const uy = p1[1] - p0[1];
  const vx = p2[0] - p0[0];
  const vy = p2[1] - p0[1];
  const det = ux * vy - vx * uy;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-30) return null;
  const sx = q1[0] - q0[0];
  const sy = q1[1] - q0[1];
  const tx = q2[0] - q0[0];
  const ty = q2[1] - q0[1];
  // [a b; d e] = [sx tx; sy ty] · [ux vx; uy vy]⁻¹
  const a = (sx * vy - tx * uy) / det;
  const b = (tx * ux - sx * vx) / det;
  const d = (sy * vy - ty * uy) / det;
  const e = (ty * ux - sy * vx) / det;
  return { a, b, c: q0[0] - a * p0[0] - b * p0[1], d, e, f: q0[1] - d * p0[0] - e * p0[1] };
}

export function applyAffine(t: Affine, x: number, y: number): [number, number] {
  return [t.a * x + t.b * y + t.c, t.d * x + t.e * y + t.f];
}

/** How far (px) the transform misses a fourth point the map projected: pitch or a non-Mercator map. */
export function affineError(t: Affine, from: Point, to: Point): number {
  const [x, y] = applyAffine(t, from[0], from[1]);
  return Math.hypot(x - to[0], y - to[1]);
}
