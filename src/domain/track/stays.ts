/**
 * Stay points (spec section 9's stop rule): a stay is a continuous run of stopped fixes,
 * from the first stopped fix to the fix that moves again, lasting at least a minimum time.
 *
 * Ranges are cut into pieces (a day of a rollup, the part of a day a request covers), so a
 * stay is found per piece as "runs" clipped to the piece, then runs that meet at a piece edge
 * are merged and only then filtered by duration: a stay from 23:58 to 00:05 is 7 minutes,
 * not two short runs.
 */
import { isGnss, type TrackFix } from './fix';
import { isStopped } from './state';

/** A stopped run inside a piece. Times in epoch ms; lat/lon where the vehicle stood. */
export interface StayRun {
  start: number;
  end: number;
  lat: number;
  lon: number;
}

/** A stay as the API answers it. */
export interface Stay extends StayRun {
  durationS: number;
}

export interface RunContext {
  /** The last fix before the piece, if any (a stay may have started before it). */
  prev?: TrackFix;
  /** The first fix after the piece, if any (the stay may end after it). */
  next?: TrackFix;
}

/**
 * Stopped runs of `fixes` (in time order, all inside [from, to)), clipped to [from, to).
 * `skip` flags fixes to ignore (jumps). A run ends at the first fix that is not stopped, or at
 * its last fix when nothing follows.
 */
export function stopRuns(
  fixes: readonly TrackFix[],
  from: number,
  to: number,
  ctx: RunContext = {},
  skip?: readonly boolean[],
): StayRun[] {
  const seq: TrackFix[] = [];
  if (ctx.prev) seq.push(ctx.prev);
  fixes.forEach((f, i) => {
    if (!skip?.[i]) seq.push(f);
  });
  if (ctx.next) seq.push(ctx.next);
  const runs: StayRun[] = [];
  let first = -1;
  const close = (endIdx: number, end: number) => {
    const at = seq.slice(first, endIdx).find(isGnss) ?? seq[first];
    const start = Math.max(seq[first].t, from);
    const clipped = Math.min(end, to);
    if (clipped > start) runs.push({ start, end: clipped, lat: at.lat, lon: at.lon });
    first = -1;
  };
  for (let i = 0; i < seq.length; i++) {
    const stopped = isStopped(seq[i], seq[i + 1]);
    if (stopped && first < 0) first = i;
    else if (!stopped && first >= 0) close(i, seq[i].t);
  }
  if (first >= 0) close(seq.length, seq[seq.length - 1].t);
  return runs;
}

/** Joins runs that meet exactly (a piece edge), in time order. */
export function mergeRuns(runs: readonly StayRun[]): StayRun[] {
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  const out: StayRun[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** Stays of at least `minSeconds` from the runs of consecutive pieces. */
export function staysOf(runs: readonly StayRun[], minSeconds: number): Stay[] {
  return mergeRuns(runs)
    .map((r) => ({ ...r, durationS: Math.round((r.end - r.start) / 1000) }))
    .filter((s) => s.end - s.start >= minSeconds * 1000);
}
