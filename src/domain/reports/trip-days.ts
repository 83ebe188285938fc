/**
 * Trips from daily rollups: what the rollup job stores per day piece so that trips and stays for
 * any stop minimum (TRIP_STOP_MIN_S and up) and any range of whole days can be rebuilt without
 * reading positions, and the rebuild. The rebuild gives the same segments as tripTimeline on the
 * raw fixes (tests/unit/reports/trip-days.test.ts).
 *
 * Per run the rollup keeps the metres counted by its edges and the top speeds around it: a trip
 * for a longer stop minimum spans several stored runs, and its metres are the difference of
 * counted metres at its ends, its top speed the highest of the pieces it spans.
 */
import { dayPieces, type PieceInput } from '../track';
import type { Place } from './range';
import { silentStates, type PieceEdges } from './silent';
import { assembleTimeline, tripSettings, type Segment, type StayMark, type TripOptions } from './timeline';
import { TRIP_STOP_MIN_S } from './rules';
import { metresBy, topSpeedIn, traceOf, type PieceTrace } from './trace';

/**
 * A stopped run as stored: [start ms, end ms, lat, lon, metresAtStart, metresAtEnd, topBefore,
 * topInside]. Metres are the piece's, to 0.1 m, counted by `start` (the move arriving at it
 * included) and before `end`; topBefore is the top speed (km/h, 0.1) of the fixes from the
 * previous stored run's end (or the piece's start) to `start`, both included; topInside of the
 * fixes strictly inside the run.
 */
export type TripRun = [number, number, number, number, number, number, number, number];

/** One day piece as the rollup stores it for trips (a jsonb value; about 60 bytes per run). */
export interface TripDay {
  /** The piece, epoch ms: a whole day of the account zone for a rollup. */
  from: number;
  to: number;
  /** Stopped runs of at least TRIP_STOP_MIN_S or touching the piece's edges, parked edges included. */
  runs: TripRun[];
  /** The piece's metres (track_days.mileage_m). */
  metres: number;
  /** Top speed of the fixes from the last stored run's end (or the piece's start) to its end. */
  top: number;
  /** First and last trusted fix [lat, lon] of the piece, null when none. */
  first: [number, number] | null;
  last: [number, number] | null;
}

const pair = (p: Place | null): [number, number] | null => (p ? [p.lat, p.lon] : null);

export function tripDayOfTrace(tr: PieceTrace): TripDay {
  const runs: TripRun[] = [];
  let cursor = tr.from;
  for (const r of tr.runs) {
    // A shorter run inside the piece is inside a trip for every allowed stop minimum: its fixes
    // are covered by the next stored run's topBefore and its metres by the counts at the edges.
    if (r.end - r.start < TRIP_STOP_MIN_S * 1000 && r.start !== tr.from && r.end !== tr.to) continue;
    runs.push([
      r.start,
      r.end,
      r.lat,
      r.lon,
      metresBy(tr, r.start, false),
      metresBy(tr, r.end, true),
      topSpeedIn(tr, cursor, r.start),
      topSpeedIn(tr, r.start, r.end, true),
    ]);
    cursor = r.end;
  }
  return {
    from: tr.from,
    to: tr.to,
    runs,
    metres: tr.total,
    top: topSpeedIn(tr, cursor, tr.to),
    first: pair(tr.first),
    last: pair(tr.last),
  };
}

/**
 * What the rollup stores for a day piece (the same input as computePiece), or null when nothing
 * is known of it (no fix inside nor around it: the rollup has no row for such a day).
 */
export function tripDayOf(input: PieceInput): TripDay | null {
  const tr = traceOf(input);
  return tr && tripDayOfTrace(tr);
}

const edgesOf = (d: TripDay): PieceEdges => {
  const first = d.runs[0];
  const last = d.runs[d.runs.length - 1];
  return {
    startsParked: first && first[0] === d.from ? { lat: first[2], lon: first[3] } : null,
    endsParked: last && last[1] === d.to ? { lat: last[2], lon: last[3] } : null,
  };
};

/**
 * The top speeds of a range in spans that follow each other: before a run (the fixes with
 * start <= t <= end), inside it (strictly), after the last run of a day. Parallel arrays.
 */
interface Cells {
  start: number[];
  end: number[];
  top: number[];
}

/**
 * Trips and stays of [from, to) from one stored piece per day piece of the range (dayPieces(from,
 * to), in order): a rollup's TripDay for whole days, tripDayOf(raw piece) for the partial first
 * and last days, null for a day the device sent nothing (silent.ts). Empty when all are null.
 */
export function tripsFromDays(
  from: number,
  to: number,
  days: readonly (TripDay | null)[],
  options: TripOptions = {},
): Segment[] {
  const { stopMinS, minTripM } = tripSettings(options);
  const spans = dayPieces(from, to);
  if (spans.length !== days.length) throw new Error(`expected ${spans.length} day pieces, got ${days.length}`);
  days.forEach((d, k) => {
    if (d && (d.from !== spans[k].from || d.to !== spans[k].to)) throw new Error(`day piece ${k} is not the range's`);
  });
  const states = silentStates(days.map((d) => d && edgesOf(d)));
  if (!states) return [];
  const filled = days.map((d, k): TripDay => {
    if (d) return d;
    const at = states[k];
    const { from: f, to: t } = spans[k];
    return { from: f, to: t, runs: at ? [[f, t, at.lat, at.lon, 0, 0, 0, 0]] : [], metres: 0, top: 0, first: null, last: null };
  });
  // One pass over the stored runs (1,000 devices × 31 days of them, so no intermediate objects):
  // the top-speed cells, and the stays on the range's axis (metres counted since `from`), runs
  // meeting at midnight joined as mergeRuns joins them before their length is judged.
  const cells: Cells = { start: [], end: [], top: [] };
  const stays: StayMark[] = [];
  let open: StayMark | null = null;
  const close = () => {
    if (open && open.end - open.start >= stopMinS * 1000) stays.push(open);
  };
  let offset = 0;
  for (const d of filled) {
    let cursor = d.from;
    for (let i = 0; i < d.runs.length; i++) {
      const r = d.runs[i];
      cells.start.push(cursor, r[0]);
      cells.end.push(r[0], r[1]);
      cells.top.push(r[6], r[7]);
      if (open && r[0] <= open.end) {
        open.end = Math.max(open.end, r[1]);
        open.metresAtEnd = offset + r[5];
      } else {
        close();
        open = { start: r[0], end: r[1], lat: r[2], lon: r[3], metresAtStart: offset + r[4], metresAtEnd: offset + r[5] };
      }
      cursor = r[1];
    }
    cells.start.push(cursor);
    cells.end.push(d.to);
    cells.top.push(d.top);
    offset += d.metres;
  }
  close();
  const place = (p: [number, number] | null | undefined) => (p ? { lat: p[0], lon: p[1] } : null);
  return assembleTimeline(
    {
      from,
      to,
      stays,
      total: offset,
      first: place(filled.find((d) => d.first)?.first),
      last: place(filled.findLast((d) => d.last)?.last),
      topSpeed: (a, b) => topOfCells(cells, a, b),
    },
    minTripM,
  );
}

/** The highest top of the cells inside [a, b]: they follow each other, so they are one block. */
function topOfCells(cells: Cells, a: number, b: number): number {
  let lo = 0;
  let hi = cells.start.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cells.start[mid] < a) lo = mid + 1;
    else hi = mid;
  }
  let top = 0;
  for (let i = lo; i < cells.start.length && cells.end[i] <= b; i++) if (cells.top[i] > top) top = cells.top[i];
  return top;
}
