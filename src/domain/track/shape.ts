/**
 * A track as the API sends it: one array per field (compact JSON, and typed-array friendly for
 * the map), the filters the playback screen offers, and the level-of-detail simplification.
 */
import { TRACK_STATE } from '../codes';
import { isNetworkType } from './fix';
import { simplifyIndices } from './simplify';

export interface TrackShape {
  t: number[];
  lat: number[];
  lon: number[];
  speed: number[];
  course: number[];
  /** Track state (spec section 4). */
  state: number[];
  /** gps, bds, lbs or wifi. */
  type: string[];
  valid: boolean[];
}

export interface TrackFilters {
  /** Leave out cell-tower and Wi-Fi fixes. */
  hideLbs: boolean;
  /** Leave out fixes the device marked invalid. */
  hideInvalid: boolean;
  /** Leave out jumps (valid fixes in the abnormal state). */
  dropJumps: boolean;
}

export const emptyShape = (): TrackShape => ({
  t: [],
  lat: [],
  lon: [],
  speed: [],
  course: [],
  state: [],
  type: [],
  valid: [],
});

const FIELDS = ['t', 'lat', 'lon', 'speed', 'course', 'state', 'type', 'valid'] as const;

/** The points at `indices`, in that order. */
export function pickPoints(s: TrackShape, indices: readonly number[]): TrackShape {
  const out = emptyShape();
  for (const f of FIELDS) (out[f] as unknown[]) = indices.map((i) => s[f][i]);
  return out;
}

export function concatShapes(shapes: readonly TrackShape[]): TrackShape {
  const out = emptyShape();
  for (const s of shapes) for (const f of FIELDS) for (const v of s[f]) (out[f] as unknown[]).push(v);
  return out;
}

/** Whether a point passes the filters. A jump is a valid fix in the abnormal state. */
export function passes(valid: boolean, type: string, state: number, f: TrackFilters): boolean {
  if (f.hideInvalid && !valid) return false;
  if (f.hideLbs && isNetworkType(type)) return false;
  if (f.dropJumps && valid && state === TRACK_STATE.abnormal) return false;
  return true;
}

export function filterShape(s: TrackShape, f: TrackFilters): TrackShape {
  const keep: number[] = [];
  for (let i = 0; i < s.t.length; i++) if (passes(s.valid[i], s.type[i], s.state[i], f)) keep.push(i);
  return keep.length === s.t.length ? s : pickPoints(s, keep);
}

/** A WGS-84 box. */
export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export const isInBox = (b: BBox, lon: number, lat: number) =>
  lon >= b.west && lon <= b.east && lat >= b.south && lat <= b.north;

/** The points inside the box and each one's neighbours, so a line leaving the box is kept. */
export function inBox(s: TrackShape, b: BBox): TrackShape {
  const n = s.t.length;
  const keep = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    if (isInBox(b, s.lon[i], s.lat[i])) {
      keep[i] = 1;
      if (i > 0) keep[i - 1] = 1;
      if (i + 1 < n) keep[i + 1] = 1;
    }
  const indices: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) indices.push(i);
  return indices.length === n ? s : pickPoints(s, indices);
}

/**
 * Point counts of a piece by kind, so the count after any filters is known without the points:
 * index = (valid ? 4 : 0) + (network ? 2 : 0) + (jump ? 1 : 0).
 */
export const kindIndex = (valid: boolean, network: boolean, jump: boolean) =>
  (valid ? 4 : 0) + (network ? 2 : 0) + (jump ? 1 : 0);

export function countAfter(counts: readonly number[], f: TrackFilters): number {
  let n = 0;
  for (let k = 0; k < 8; k++) {
    const valid = (k & 4) !== 0;
    const network = (k & 2) !== 0;
    const jump = (k & 1) !== 0;
    if (f.hideInvalid && !valid) continue;
    if (f.hideLbs && network) continue;
    if (f.dropJumps && jump) continue;
    n += counts[k] ?? 0;
  }
  return n;
}

/**
 * At most `maxPoints` points keeping the shape, the first and last point and every instant in
 * `keepTimes` (stay starts and ends).
 */
export function simplifyShape(
  s: TrackShape,
  maxPoints: number,
  keepTimes: ReadonlySet<number> = new Set(),
  toleranceM = 0,
): TrackShape {
  if (s.t.length <= maxPoints && toleranceM <= 0) return s;
  const idx = simplifyIndices(s.lat, s.lon, maxPoints, { keep: (i) => keepTimes.has(s.t[i]), toleranceM });
  return idx.length === s.t.length ? s : pickPoints(s, idx);
}
