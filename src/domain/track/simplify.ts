/**
 * Douglas-Peucker to a point budget: instead of one tolerance for the whole line, the segment
 * whose farthest point is farthest is split first, until the budget is spent or every point
 * left out is within `toleranceM` of the line kept. The most telling points come first, so a
 * 4,000-point answer for 90 days keeps the shape of every trip.
 */
import { projector } from './geo';

interface Segment {
  a: number;
  b: number;
  at: number;
  dev: number;
}

/** Binary max-heap of segments by deviation. */
class SegmentHeap {
  private items: Segment[] = [];
  get size() {
    return this.items.length;
  }
  peek(): Segment | undefined {
    return this.items[0];
  }
  push(s: Segment) {
    const h = this.items;
    h.push(s);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p].dev >= h[i].dev) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }
  pop(): Segment | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l].dev > h[m].dev) m = l;
        if (r < h.length && h[r].dev > h[m].dev) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
}

/** Distance from point p to the segment a-b (planar). */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Evenly spread picks of `list` keeping its first and last. */
function thin(list: number[], n: number): number[] {
  if (list.length <= n) return list;
  if (n <= 1) return list.slice(0, n);
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(list[Math.round((k * (list.length - 1)) / (n - 1))]);
  return out;
}

export interface SimplifyOptions {
  /** Points that must stay (stay ends, piece ends); first and last always stay. */
  keep?: (i: number) => boolean;
  /** Stop once every left-out point is within this many metres. */
  toleranceM?: number;
}

/**
 * Indices (ascending) of at most `maxPoints` points of the line lat[i], lon[i] that best keep
 * its shape. When the points to keep alone exceed the budget, they are thinned evenly.
 */
export function simplifyIndices(
  lat: ArrayLike<number>,
  lon: ArrayLike<number>,
  maxPoints: number,
  opts: SimplifyOptions = {},
): number[] {
  const n = lat.length;
  const tol = opts.toleranceM ?? 0;
  if (n === 0 || maxPoints <= 0) return [];
  if (n <= maxPoints && tol <= 0) return Array.from({ length: n }, (_, i) => i);
  const forced: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || i === n - 1 || opts.keep?.(i)) forced.push(i);
  if (forced.length >= maxPoints) return thin(forced, maxPoints);

  let lat0 = 0;
  for (let i = 0; i < n; i++) lat0 += lat[i];
  const p = projector(lat0 / n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = p.x(lon[i]);
    y[i] = p.y(lat[i]);
  }
  const farthest = (a: number, b: number): Segment => {
    let at = -1;
    let dev = -1;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance(x[i], y[i], x[a], y[a], x[b], y[b]);
      if (d > dev) {
        dev = d;
        at = i;
      }
    }
    return { a, b, at, dev };
  };
  const heap = new SegmentHeap();
  for (let k = 1; k < forced.length; k++) {
    if (forced[k] - forced[k - 1] > 1) heap.push(farthest(forced[k - 1], forced[k]));
  }
  const chosen = new Uint8Array(n);
  for (const i of forced) chosen[i] = 1;
  let count = forced.length;
  while (count < maxPoints && heap.size) {
    const s = heap.pop()!;
    if (tol > 0 && s.dev <= tol) break;
    chosen[s.at] = 1;
    count++;
    if (s.at - s.a > 1) heap.push(farthest(s.a, s.at));
    if (s.b - s.at > 1) heap.push(farthest(s.at, s.b));
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (chosen[i]) out.push(i);
  return out;
}
