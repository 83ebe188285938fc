/**
 * A track answer from its pieces: raw pieces bring every fix, rollup pieces a day's simplified
 * geometry and 5-minute speed buckets. Mileage, stays and counts come from the pieces' full
 * data; only the points are cut down to the budget.
 */
import { SpeedBuckets, type SpeedSeries } from './buckets';
import { runTimes } from './piece';
import {
  concatShapes,
  countAfter,
  filterShape,
  inBox,
  simplifyShape,
  type BBox,
  type TrackFilters,
  type TrackShape,
} from './shape';
import { staysOf, type Stay, type StayRun } from './stays';
import { TRACK_STATE } from '../codes';

export interface TrackPart {
  mileageM: number;
  counts: readonly number[];
  runs: readonly StayRun[];
  /** Every fix (raw piece) or the day's simplified geometry (rollup). */
  shape: TrackShape;
  /** Speed buckets already made (rollup: 5 minutes); absent: taken from the shape's points. */
  speed?: SpeedSeries;
}

export interface AssembleOptions {
  filters: TrackFilters;
  maxPoints: number;
  minStayS: number;
  bucketMs: number;
  /** Only the points inside (and their neighbours, so lines leave the box): the map zoomed in. */
  bbox?: BBox;
}

export interface AssembledTrack {
  total: number;
  simplified: boolean;
  points: TrackShape;
  mileageM: number;
  stays: Stay[];
  speed: SpeedSeries;
}

export function assembleTrack(parts: readonly TrackPart[], o: AssembleOptions): AssembledTrack {
  let mileage = 0;
  let total = 0;
  const runs: StayRun[] = [];
  const buckets = new SpeedBuckets(o.bucketMs);
  for (const p of parts) {
    mileage += p.mileageM;
    total += countAfter(p.counts, o.filters);
    runs.push(...p.runs);
    if (p.speed) buckets.addSeries(p.speed);
    else
      for (let i = 0; i < p.shape.t.length; i++)
        if (p.shape.state[i] !== TRACK_STATE.abnormal) buckets.add(p.shape.t[i], p.shape.speed[i]);
  }
  const stays = staysOf(runs, o.minStayS);
  const filtered = filterShape(concatShapes(parts.map((p) => p.shape)), o.filters);
  const all = o.bbox ? inBox(filtered, o.bbox) : filtered;
  const points = simplifyShape(all, o.maxPoints, runTimes(stays));
  return {
    total,
    simplified: points.t.length < total,
    points,
    mileageM: Math.round(mileage * 10) / 10,
    stays,
    speed: buckets.series(),
  };
}
