/**
 * What the trips report needs to know of one day piece, computed from its raw fixes with the
 * track domain's own rules: the jumps of the piece (pieceJumps), the metres the mileage rule
 * counts up to each fix (cumulativeMileageM, so a piece's metres are the mileage report's), and
 * the stopped runs of the stop rule (stopRuns), clipped to the piece.
 *
 * Parked edges: where the piece has no fix before it (nothing within TRACK_CONTEXT_MS), the time
 * from its start to its first fix is taken as parked where that fix is; where it has no fix after
 * it, the time from its last fix to its end is parked where the last fix is. The vehicle is where
 * it was last (or first) seen, so a tracker that sleeps with the engine off still partitions its
 * day into trips and stays. (So a stay at such an edge can be longer than the stay-point report's,
 * which stops at the last fix.)
 */
import {
  cumulativeMileageM,
  isGnss,
  mergeRuns,
  pieceJumps,
  stopRuns,
  type PieceInput,
  type StayRun,
  type TrackFix,
} from '../track';
import { round1, type Place } from './range';

export interface PieceTrace {
  from: number;
  to: number;
  /** Times of the piece's fixes (jumps included: they count no metres and no speed). */
  t: number[];
  /** Metres counted up to and including each fix, unrounded. */
  metres: number[];
  /** Speed of each fix that may be a top speed (valid, not a jump; computePiece's rule), else 0. */
  speed: number[];
  /** The piece's metres, to 0.1 m: track_days.mileage_m of the day. */
  total: number;
  /** Stopped runs with the parked edges, merged, in time order. */
  runs: StayRun[];
  /** Stopped runs of the stop rule alone (what idling needs: no parked edges). */
  stopped: StayRun[];
  /** First and last trusted place (satellite, not a jump) of the piece, null when none. */
  first: Place | null;
  last: Place | null;
}

const placeOf = (f: TrackFix): Place => ({ lat: f.lat, lon: f.lon });

/** The piece's trace, or null when nothing is known of it (no fix inside nor on either side). */
export function traceOf(input: PieceInput): PieceTrace | null {
  const { fixes, from, to, prev, next } = input;
  if (!fixes.length && !prev && !next) return null;
  const jumps = pieceJumps(input);
  const metres = cumulativeMileageM(fixes, jumps);
  const trusted = fixes.filter((f, i) => !jumps[i] && isGnss(f));
  const stopped = stopRuns(fixes, from, to, { prev, next }, jumps);
  // The sequence the stop rule saw, for the parked edges' places.
  const seq = [...(prev ? [prev] : []), ...fixes.filter((_, i) => !jumps[i]), ...(next ? [next] : [])];
  const edges: StayRun[] = [];
  if (!prev && seq.length && seq[0].t > from) {
    const at = placeOf(seq.find(isGnss) ?? seq[0]);
    edges.push({ start: from, end: Math.min(seq[0].t, to), ...at });
  }
  if (!next && seq.length && seq[seq.length - 1].t < to) {
    const at = placeOf(seq.findLast(isGnss) ?? seq[seq.length - 1]);
    edges.push({ start: Math.max(seq[seq.length - 1].t, from), end: to, ...at });
  }
  return {
    from,
    to,
    t: fixes.map((f) => f.t),
    metres,
    speed: fixes.map((f, i) => (f.valid && !jumps[i] ? f.speed : 0)),
    total: round1(metres.length ? metres[metres.length - 1] : 0),
    runs: mergeRuns([...edges, ...stopped]),
    stopped,
    first: trusted.length ? placeOf(trusted[0]) : null,
    last: trusted.length ? placeOf(trusted[trusted.length - 1]) : null,
  };
}

/** Index of the last fix at `x` or before (`strict`: before), -1 when none. */
function lastIndex(t: readonly number[], x: number, strict: boolean): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strict ? t[mid] < x : t[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Metres of the piece counted by the instant `x`, to 0.1 m: with `strict`, the moves that
 * ended before `x`; without, also the one ending at a fix at `x`. 0 before the piece, its total
 * from its end on.
 */
export function metresBy(tr: PieceTrace, x: number, strict: boolean): number {
  if (x >= tr.to) return tr.total;
  const i = lastIndex(tr.t, x, strict);
  return i < 0 ? 0 : round1(tr.metres[i]);
}

/** Top speed of the piece's fixes with a <= t <= b (`open`: a < t < b), to 0.1 km/h. */
export function topSpeedIn(tr: PieceTrace, a: number, b: number, open = false): number {
  let top = 0;
  for (let i = lastIndex(tr.t, a, !open) + 1; i < tr.t.length; i++) {
    if (open ? tr.t[i] >= b : tr.t[i] > b) break;
    if (tr.speed[i] > top) top = tr.speed[i];
  }
  return round1(top);
}
