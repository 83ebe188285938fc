/**
 * One piece of a track (a whole platform day, or the part of one a request covers) computed
 * from its raw fixes. The daily rollup job stores exactly this for every day, and a request
 * computes it for the pieces no rollup covers, so playback and statistics give the same
 * kilometres, stays and counts for the same day.
 */
import { isNetworkType, type TrackFix } from './fix';
import { markJumps } from './jumps';
import { mileageM } from './mileage';
import { kindIndex, simplifyShape, type TrackShape } from './shape';
import { isStopped, trackStates } from './state';
import { stopRuns, type StayRun } from './stays';
import { SpeedBuckets, type SpeedSeries } from './buckets';
import { TRACK_STATE } from '../codes';
import { DAY_MS } from './days';
import {
  DAY_COARSE_MAX_POINTS,
  DAY_COARSE_TOLERANCE_M,
  DAY_SHAPE_MAX_POINTS,
  DAY_SHAPE_TOLERANCE_M,
} from './rules';

export interface PieceInput {
  /** Fixes inside [from, to), in time order. */
  fixes: readonly TrackFix[];
  from: number;
  to: number;
  /** The nearest fix before `from` and after `to` (stays and the stop rule cross edges). */
  prev?: TrackFix;
  next?: TrackFix;
}

export interface PieceSummary {
  mileageM: number;
  /** Seconds between consecutive fixes while not stopped. */
  movingS: number;
  /** Highest speed of a trusted fix (not invalid, not a jump), km/h. */
  maxSpeed: number;
  points: number;
  /** Points by kind (see kindIndex). */
  counts: number[];
  firstFix: number | null;
  lastFix: number | null;
  batteryLast: number | null;
  batteryMin: number | null;
  /** Stopped runs clipped to the piece (see stays.ts). */
  runs: StayRun[];
}

export interface Piece {
  summary: PieceSummary;
  /** Every fix of the piece with its state. */
  shape: TrackShape;
}

const round = (v: number, digits: number) => {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};

/**
 * Jump flags of a piece's fixes, judged with the fixes on either side of it: a glitch at the end
 * of a piece (the last fix before midnight) has no later fix inside it to vouch that it was one,
 * and would add its distance to the day's mileage.
 */
export function pieceJumps({ fixes, prev, next }: PieceInput): boolean[] {
  const before = prev ? [prev] : [];
  const flags = markJumps([...before, ...fixes, ...(next ? [next] : [])]);
  return flags.slice(before.length, before.length + fixes.length);
}

export function computePiece(input: PieceInput): Piece {
  const { fixes } = input;
  const jumps = pieceJumps(input);
  const states = trackStates(fixes, jumps, input.next);
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  let maxSpeed = 0;
  let movingMs = 0;
  let batteryLast: number | null = null;
  let batteryMin: number | null = null;
  let prevOk: TrackFix | null = null;
  for (let i = 0; i < fixes.length; i++) {
    const f = fixes[i];
    counts[kindIndex(f.valid, isNetworkType(f.type), jumps[i])]++;
    if (f.battery != null) {
      batteryLast = f.battery;
      batteryMin = batteryMin == null ? f.battery : Math.min(batteryMin, f.battery);
    }
    if (jumps[i]) continue;
    if (f.valid && f.speed > maxSpeed) maxSpeed = f.speed;
    if (prevOk && !isStopped(prevOk, f)) movingMs += f.t - prevOk.t;
    prevOk = f;
  }
  const summary: PieceSummary = {
    mileageM: round(mileageM(fixes, jumps), 1),
    movingS: Math.round(movingMs / 1000),
    maxSpeed: round(maxSpeed, 1),
    points: fixes.length,
    counts,
    firstFix: fixes.length ? fixes[0].t : null,
    lastFix: fixes.length ? fixes[fixes.length - 1].t : null,
    batteryLast,
    batteryMin,
    runs: stopRuns(fixes, input.from, input.to, { prev: input.prev, next: input.next }, jumps),
  };
  const shape: TrackShape = {
    t: fixes.map((f) => f.t),
    lat: fixes.map((f) => round(f.lat, 6)),
    lon: fixes.map((f) => round(f.lon, 6)),
    speed: fixes.map((f) => round(f.speed, 1)),
    course: fixes.map((f) => f.course),
    state: states,
    type: fixes.map((f) => f.type),
    valid: fixes.map((f) => f.valid),
  };
  return { summary, shape };
}

/** Stay starts and ends: simplifications keep the points at these instants. */
export function runTimes(runs: readonly StayRun[]): Set<number> {
  const s = new Set<number>();
  for (const r of runs) {
    s.add(r.start);
    s.add(r.end);
  }
  return s;
}

/** The geometry a daily rollup keeps: at most DAY_SHAPE_MAX_POINTS, stays' ends included. */
export function dayShape(piece: Piece): TrackShape {
  return simplifyShape(
    piece.shape,
    DAY_SHAPE_MAX_POINTS,
    runTimes(piece.summary.runs),
    DAY_SHAPE_TOLERANCE_M,
  );
}

/** Whether a range's point budget is served well enough by the rollups' coarse geometry. */
export function coarseEnough(maxPoints: number, rangeMs: number): boolean {
  return (maxPoints * DAY_MS) / rangeMs < DAY_COARSE_MAX_POINTS / 2;
}

/** The coarse geometry of a rollup, from its fine one (DAY_COARSE_MAX_POINTS). */
export function dayCoarseShape(fine: TrackShape, runs: readonly StayRun[]): TrackShape {
  return simplifyShape(fine, DAY_COARSE_MAX_POINTS, runTimes(runs), DAY_COARSE_TOLERANCE_M);
}

/** Highest speed per bucket of the trusted points of a shape (not abnormal). */
export function speedSeries(shape: TrackShape, bucketMs: number): SpeedSeries {
  const b = new SpeedBuckets(bucketMs);
  for (let i = 0; i < shape.t.length; i++)
    if (shape.state[i] !== TRACK_STATE.abnormal) b.add(shape.t[i], shape.speed[i]);
  return b.series();
}
