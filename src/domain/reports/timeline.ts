/**
 * The trips report's answer: a range cut into stays and trips that follow each other without gap
 * or overlap, so their durations add up to the range. Both ways of computing it (trips.ts from
 * raw fixes, trip-days.ts from the rollup's stored runs) find the stays and the metres at their
 * edges, then hand them here to be cut into segments the same way.
 *
 * Metres: the range's mileage (the sum of its day pieces', the mileage report's figure) is cut at
 * the stays' edges. The move that arrives at a stay's first fix belongs to the trip before it;
 * the move that leaves (arriving at the first moving fix, where the stay ends) to the trip after
 * it; the stay keeps what the mileage rule counted in between (0, or a receiver's drift). So the
 * segments' metres add up to the range's mileage exactly.
 */
import type { StayRun } from '../track';
import { round1, type Place } from './range';
import { TRIP_MIN_M_DEFAULT, TRIP_STOP_MAX_S, TRIP_STOP_MIN_DEFAULT_S, TRIP_STOP_MIN_S } from './rules';

export interface StaySegment {
  kind: 'stay';
  /** Epoch ms, [start, end). */
  start: number;
  end: number;
  durationS: number;
  /** Where the vehicle stood (the stay point's place). */
  lat: number;
  lon: number;
  /** What the mileage rule counted meanwhile: 0, drift, or a trip too short to be one. */
  distanceM: number;
}

export interface TripSegment {
  kind: 'trip';
  start: number;
  end: number;
  durationS: number;
  /** The stay it left (or, at the range's start, the first trusted fix); null when none. */
  from: Place | null;
  /** The stay it reached (or, at the range's end, the last trusted fix); null when none. */
  to: Place | null;
  distanceM: number;
  /** km/h, the highest speed of a trusted fix from start to end (both included). */
  topSpeed: number;
  /** km/h, distance / duration. */
  avgSpeed: number;
}

export type Segment = StaySegment | TripSegment;

export interface TripOptions {
  /** A trip ends at a stop of at least this many seconds (TRIP_STOP_MIN_DEFAULT_S). */
  stopMinS?: number;
  /** A trip shorter than this many metres next to a stay joins it (TRIP_MIN_M_DEFAULT). */
  minTripM?: number;
}

/** The settings with their defaults, the stop minimum kept within what the rollups can rebuild. */
export function tripSettings(o: TripOptions = {}) {
  const stop = o.stopMinS ?? TRIP_STOP_MIN_DEFAULT_S;
  return {
    stopMinS: Math.min(TRIP_STOP_MAX_S, Math.max(TRIP_STOP_MIN_S, stop)),
    minTripM: Math.max(0, o.minTripM ?? TRIP_MIN_M_DEFAULT),
  };
}

/** A stay with the range's metres counted by its start (arrival included) and before its end. */
export interface StayMark extends StayRun {
  metresAtStart: number;
  metresAtEnd: number;
}

export interface TimelineInput {
  from: number;
  to: number;
  /** Stays of at least the stop minimum, in time order, inside [from, to). */
  stays: readonly StayMark[];
  /** The range's metres: the sum of its pieces' (0.1 m each). */
  total: number;
  first: Place | null;
  last: Place | null;
  /** Top speed of the trusted fixes with a <= t <= b. */
  topSpeed: (a: number, b: number) => number;
}

interface Draft {
  kind: 'stay' | 'trip';
  start: number;
  end: number;
  distanceM: number;
  topSpeed: number;
  at: Place | null;
}

/** Stays and the trips between them, with short trips joined to their stays (`minTripM`). */
export function assembleTimeline(input: TimelineInput, minTripM: number): Segment[] {
  const drafts: Draft[] = [];
  let cursor = input.from;
  let metres = 0;
  const trip = (end: number, endMetres: number) =>
    drafts.push({
      kind: 'trip',
      start: cursor,
      end,
      distanceM: round1(endMetres - metres),
      topSpeed: input.topSpeed(cursor, end),
      at: null,
    });
  for (const s of input.stays) {
    if (s.start > cursor) trip(s.start, s.metresAtStart);
    const at = { lat: s.lat, lon: s.lon };
    drafts.push({ kind: 'stay', start: s.start, end: s.end, distanceM: round1(s.metresAtEnd - s.metresAtStart), topSpeed: 0, at });
    cursor = s.end;
    metres = s.metresAtEnd;
  }
  if (cursor < input.to) trip(input.to, input.total);
  return finish(joinShortTrips(drafts, minTripM), input);
}

/**
 * A trip under `minTripM` beside a stay becomes part of it (and of the stay on its other side).
 * The drafts are changed in place: they are this function's own.
 */
function joinShortTrips(drafts: Draft[], minTripM: number): Draft[] {
  const out: Draft[] = [];
  drafts.forEach((d, i) => {
    const last = out[out.length - 1];
    const next = drafts[i + 1];
    const short = d.kind === 'trip' && d.distanceM < minTripM;
    const joins = d.kind === 'stay' || (short && (last?.kind === 'stay' || next?.kind === 'stay'));
    if (joins && last?.kind === 'stay') {
      last.end = d.end;
      last.distanceM = round1(last.distanceM + d.distanceM);
      return;
    }
    if (joins) {
      d.kind = 'stay';
      d.at = d.at ?? next.at;
    }
    out.push(d);
  });
  return out;
}

function finish(drafts: readonly Draft[], input: TimelineInput): Segment[] {
  return drafts.map((d, i): Segment => {
    const durationS = Math.round((d.end - d.start) / 1000);
    if (d.kind === 'stay') {
      const at = d.at!;
      return { kind: 'stay', start: d.start, end: d.end, durationS, lat: at.lat, lon: at.lon, distanceM: d.distanceM };
    }
    const seconds = (d.end - d.start) / 1000;
    return {
      kind: 'trip',
      start: d.start,
      end: d.end,
      durationS,
      from: drafts[i - 1]?.at ?? input.first,
      to: drafts[i + 1]?.at ?? input.last,
      distanceM: d.distanceM,
      topSpeed: d.topSpeed,
      avgSpeed: seconds > 0 ? round1((d.distanceM / seconds) * 3.6) : 0,
    };
  });
}
