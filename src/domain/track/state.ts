/**
 * Track state of a point (spec section 4: normal 1, fast 2, overspeed 3, stop 4, abnormal 5)
 * with the thresholds of section 9.
 */
import { TRACK_STATE } from '../codes';
import { FAST_SPEED_KMH, OVERSPEED_KMH, STOP_GAP_MS, STOP_SPEED_KMH } from '../constants';
import { impliedKmh } from './jumps';
import { isGnss, type TrackFix } from './fix';

/**
 * The spec's stop rule: speed at most 10 km/h, or a silence of more than 60 s before the next
 * fix. A silence only counts when the vehicle did not cover the ground meanwhile: a tracker
 * reporting every two minutes on the motorway is moving, not stopped.
 */
export function isStopped(f: TrackFix, next?: TrackFix): boolean {
  if (f.speed <= STOP_SPEED_KMH) return true;
  if (!next || next.t - f.t <= STOP_GAP_MS) return false;
  if (!isGnss(f) || !isGnss(next)) return true;
  return impliedKmh(f, next) <= STOP_SPEED_KMH;
}

/** Overspeed is checked before fast, so both are reachable (unlike one place of the spec). */
export function trackState(f: TrackFix, jump: boolean, next?: TrackFix): number {
  if (!f.valid || jump) return TRACK_STATE.abnormal;
  if (isStopped(f, next)) return TRACK_STATE.stop;
  if (f.speed > OVERSPEED_KMH) return TRACK_STATE.overspeed;
  if (f.speed > FAST_SPEED_KMH) return TRACK_STATE.fast;
  return TRACK_STATE.normal;
}

/** States of a sequence; `after` is the first fix after it, when known (the stop rule looks ahead). */
export function trackStates(
  fixes: readonly TrackFix[],
  jumps: readonly boolean[],
  after?: TrackFix,
): number[] {
  return fixes.map((f, i) => trackState(f, jumps[i], fixes[i + 1] ?? after));
}
