/**
 * The shape of a fuel level series: the median that takes the noise out, and the legs (rises
 * and falls) it is made of. Pure functions over plain arrays; fuel.ts gives them meaning.
 */

/**
 * Each value replaced by the median of itself and `radius` values on each side. A spike
 * narrower than `radius + 1` values disappears; a step keeps its full height and a steady rise
 * or fall is left as it is. Near the ends the window shrinks to the values available on both
 * sides (the end values stay raw): a window cut on one side only would move every end of a
 * steady fall by a reading (the callers pass the readings beyond a day's ends when they exist).
 */
export function medianSmooth(values: readonly number[], radius: number): number[] {
  return values.map((_, i) => {
    const r = Math.min(radius, i, values.length - 1 - i);
    const w = values.slice(i - r, i + r + 1).sort((a, b) => a - b);
    return w[r];
  });
}

/** A run of the series from index `a` to `b`: rising (1), falling (-1), or flat within the noise (0). */
export interface Leg {
  a: number;
  b: number;
  dir: 1 | -1 | 0;
}

/**
 * The series cut at its turns: a leg goes on while the level does not come back from its
 * extreme by more than `noise`, and ends at that extreme (the first value reaching it). What
 * comes before the first move beyond `noise` belongs to the first leg; what follows the last
 * extreme, within `noise` of it, is a flat leg. The legs cover the series end to end.
 */
export function fuelLegs(s: readonly number[], noise: number): Leg[] {
  if (s.length < 2) return [];
  const out: Leg[] = [];
  let start = 0;
  let ext = 0;
  let dir: 1 | -1 | 0 = 0;
  for (let i = 1; i < s.length; i++) {
    if (dir === 0) {
      if (Math.abs(s[i] - s[start]) > noise) {
        dir = s[i] > s[start] ? 1 : -1;
        ext = i;
      }
      continue;
    }
    if (dir * (s[i] - s[ext]) > 0) ext = i;
    else if (dir * (s[ext] - s[i]) > noise) {
      out.push({ a: start, b: ext, dir });
      start = ext;
      ext = i;
      dir = dir === 1 ? -1 : 1;
    }
  }
  if (dir === 0) return [{ a: 0, b: s.length - 1, dir: 0 }];
  out.push({ a: start, b: ext, dir });
  if (ext < s.length - 1) out.push({ a: ext, b: s.length - 1, dir: 0 });
  return out;
}

/**
 * The part of a rise or fall from `a` to `b` where the level actually moves: from the last value
 * still within `noise` of where it started to the first value within `noise` of where it ended.
 * A fill's time is then its minutes at the pump, not the hour parked before it.
 */
export function moveCore(s: readonly number[], a: number, b: number, noise: number): [number, number] {
  const up = s[b] >= s[a];
  const near = (v: number, ref: number) => (up ? v <= ref + noise : v >= ref - noise);
  let from = a;
  for (let k = a; k <= b && near(s[k], s[a]); k++) from = k;
  let to = b;
  for (let k = from; k <= b; k++) {
    if (up ? s[k] >= s[b] - noise : s[k] <= s[b] + noise) {
      to = k;
      break;
    }
  }
  return [from, Math.max(from, to)];
}

/**
 * Whether the series falls by at least `amount` within `windowMs` somewhere between `p` and
 * `q` (times `t` in ms, ascending).
 */
export function fallsWithin(
  t: readonly number[],
  s: readonly number[],
  p: number,
  q: number,
  amount: number,
  windowMs: number,
): boolean {
  for (let j = p + 1; j <= q; j++)
    for (let i = j - 1; i >= p && t[j] - t[i] <= windowMs; i--) if (s[i] - s[j] >= amount) return true;
  return false;
}
