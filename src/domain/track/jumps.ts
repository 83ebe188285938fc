/**
 * Jump filtering: a fix implying an impossible speed from the last good fix is a jump (a
 * multipath or cold-start glitch), unless the fixes after it agree with it (then the vehicle
 * really got there, for example after a gap). Only trusted satellite fixes take part: network
 * fixes and invalid ones are never "good" anchors and never flagged here.
 */
import { distanceM } from './geo';
import { isGnss, type TrackFix } from './fix';
import { JUMP_LOOKAHEAD, JUMP_SPEED_KMH } from './rules';

/** Speed (km/h) needed to get from a to b; two fixes in the same second count as one second apart. */
export function impliedKmh(a: TrackFix, b: TrackFix): number {
  const seconds = Math.max(1, Math.abs(b.t - a.t) / 1000);
  return (distanceM(a.lat, a.lon, b.lat, b.lon) / seconds) * 3.6;
}

/** One flag per fix: true for a jump. Fixes must be in time order. */
export function markJumps(
  fixes: readonly TrackFix[],
  maxKmh = JUMP_SPEED_KMH,
  lookahead = JUMP_LOOKAHEAD,
): boolean[] {
  const jump = fixes.map(() => false);
  const gnss: number[] = [];
  fixes.forEach((f, i) => {
    if (isGnss(f)) gnss.push(i);
  });
  const fits = (a: number, b: number) => impliedKmh(fixes[a], fixes[b]) <= maxKmh;
  let anchor = -1;
  for (let k = 0; k < gnss.length; k++) {
    const i = gnss[k];
    const ahead = gnss.slice(k + 1, k + 1 + lookahead);
    if (anchor < 0) {
      // The first fix has nothing behind it: it is the glitch when none of the next fixes
      // agree with it while they agree with each other (at most `lookahead` such starts).
      const odd = ahead.length >= 2 && !ahead.some((j) => fits(i, j)) && fits(ahead[0], ahead[1]);
      if (odd && k < lookahead) jump[i] = true;
      else anchor = i;
      continue;
    }
    if (fits(anchor, i)) anchor = i;
    else if (ahead.some((j) => fits(anchor, j))) jump[i] = true;
    else anchor = i;
  }
  return jump;
}
