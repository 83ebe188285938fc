/**
 * Fence geometry in WGS-84 (spec sections 3, 5 and 9): a circle of 100 m to 1,000 km, or a
 * polygon or rectangle as [lon, lat] corners. Pure: validation, containment and bounding boxes
 * for the server's spatial index and the screens alike.
 */
import { EARTH_RADIUS_M, FENCE_MAX_POINTS, FENCE_RADIUS_MAX, FENCE_RADIUS_MIN } from '../constants';
import { distanceM } from '../track/geo';

const RAD = Math.PI / 180;

export type LonLat = readonly [number, number];
export type FenceKind = 'circle' | 'polygon' | 'rectangle';

export type FenceShape =
  | { type: 'circle'; center: LonLat; radius: number }
  | { type: 'polygon' | 'rectangle'; points: readonly LonLat[] };

/** What is wrong with a shape, as a key of the message catalogue's fence texts. */
export type FenceShapeProblem =
  | 'fenceRadiusRange'
  | 'fenceCoordinateRange'
  | 'fenceTooFewPoints'
  | 'fenceTooManyPoints'
  | 'fenceSelfIntersecting'
  | 'fenceNotRectangle';

/** [minLon, minLat, maxLon, maxLat] */
export type BBox = [number, number, number, number];

const onEarth = ([lon, lat]: LonLat) =>
  Number.isFinite(lon) && Number.isFinite(lat) && lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;

/** The corners without a closing repeat of the first and without consecutive repeats. */
export function ringOf(points: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  while (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
  return out;
}

const cross = (o: LonLat, a: LonLat, b: LonLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: LonLat, q: LonLat, r: LonLat) =>
  Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);

/** Whether segments ab and cd share a point (touching counts). */
export function segmentsMeet(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(c, a, d)) ||
    (d2 === 0 && onSegment(c, b, d)) ||
    (d3 === 0 && onSegment(a, c, b)) ||
    (d4 === 0 && onSegment(a, d, b))
  );
}

/** True when two edges of the ring that are not neighbours meet (a bow tie, a figure eight). */
export function selfIntersects(ring: readonly LonLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a corner by construction.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(a, b, ring[j], ring[(j + 1) % n])) return true;
    }
  }
  return false;
}

/** A rectangle's four corners: two distinct longitudes and two distinct latitudes. */
function isAxisRectangle(ring: readonly LonLat[]): boolean {
  if (ring.length !== 4) return false;
  const lons = new Set(ring.map((p) => p[0]));
  const lats = new Set(ring.map((p) => p[1]));
  return lons.size === 2 && lats.size === 2 && !selfIntersects(ring);
}

/** Null when the shape can be stored; otherwise the first problem found. */
export function fenceShapeProblem(s: FenceShape): FenceShapeProblem | null {
  if (s.type === 'circle') {
    if (!onEarth(s.center)) return 'fenceCoordinateRange';
    if (!(s.radius >= FENCE_RADIUS_MIN && s.radius <= FENCE_RADIUS_MAX)) return 'fenceRadiusRange';
    return null;
  }
  if (!s.points.every(onEarth)) return 'fenceCoordinateRange';
  const ring = ringOf(s.points);
  if (ring.length > FENCE_MAX_POINTS) return 'fenceTooManyPoints';
  if (ring.length < 3) return 'fenceTooFewPoints';
  if (s.type === 'rectangle') return isAxisRectangle(ring) ? null : 'fenceNotRectangle';
  return selfIntersects(ring) ? 'fenceSelfIntersecting' : null;
}

/** Ray casting in the lon/lat plane (fences do not cross the antimeridian). A point on an edge is inside. */
export function ringContains(ring: readonly LonLat[], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (cross(ring[j], ring[i], [lon, lat]) === 0 && onSegment(ring[j], [lon, lat], ring[i])) return true;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function fenceContains(s: FenceShape, lon: number, lat: number): boolean {
  if (s.type === 'circle') return distanceM(s.center[1], s.center[0], lat, lon) <= s.radius;
  return ringContains(ringOf(s.points), lon, lat);
}

/** The box around the shape, for the spatial index (a circle's reaches its four compass points). */
export function fenceBBox(s: FenceShape): BBox {
  if (s.type === 'circle') {
    // The circle's widest longitudes: asin(sin d / cos lat) either side (a small circle's
    // tangent meridians), every longitude once that reaches a pole.
    const [lon, lat] = s.center;
    const d = s.radius / EARTH_RADIUS_M;
    const dLat = d / RAD;
    const reach = Math.sin(d) / Math.cos(lat * RAD);
    if (lat + dLat >= 90 || lat - dLat <= -90 || reach >= 1) return [-180, Math.max(-90, lat - dLat), 180, Math.min(90, lat + dLat)];
    const dLon = Math.asin(reach) / RAD;
    return [Math.max(-180, lon - dLon), lat - dLat, Math.min(180, lon + dLon), lat + dLat];
  }
  let box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of s.points)
    box = [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)];
  return box;
}
