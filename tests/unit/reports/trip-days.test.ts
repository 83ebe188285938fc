import { describe, expect, it } from 'vitest';
import {
  rangePieces,
  tripDayOf,
  tripsFromDays,
  tripTimeline,
  type RangeFixes,
  type Segment,
  type TripOptions,
} from '../../../src/domain/reports';
import { computePiece } from '../../../src/domain/track';
import { at, DAY, drive, fix, HOME, M_PER_DEG, randomRange, T0, workday } from './fixtures';

/** What the rollup would hold: one stored piece per day piece, null for a day without a fix. */
const stored = (range: RangeFixes) =>
  rangePieces(range).map((p) => (p.fixes.length ? tripDayOf(p) : null));
const rebuilt = (range: RangeFixes, o?: TripOptions) => tripsFromDays(range.from, range.to, stored(range), o);

describe('the stored form of a day (the rollup keeps it per device and day)', () => {
  it('keeps each stop with the metres by its edges and the top speeds around it', () => {
    const { range } = workday();
    const day = tripDayOf({ ...range, fixes: range.fixes })!;
    const WORK = HOME.lat + 30_000 / M_PER_DEG;
    expect(day.metres).toBe(36_000);
    expect(day.runs.map(([start, end, , , mStart, mEnd, before, inside]) => [start, end, mStart, mEnd, before, inside])).toEqual([
      // Parked from midnight; nothing counted, no fix before it.
      [at(0, 0), at(7, 5), 0, 0, 0, 0],
      // The red light: the 18,000 m of the first leg are counted by its start; 36 km/h before it.
      [at(7, 35), at(7, 37), 18_000, 18_000, 36, 0],
      // WORK: 18,000 + 12,000 m by its start, 72 km/h since the red light.
      [at(7, 47), at(9, 0), 30_000, 30_000, 72, 0],
      // PARK to midnight (parked after the last fix): 36,000 m by its start.
      [at(9, 10), at(24, 0), 36_000, 36_000, 36, 0],
    ]);
    expect(day.runs[2][2]).toBeCloseTo(WORK, 5);
    // Nothing after the last stop (it reaches midnight), and the first and last trusted places.
    expect(day.top).toBe(0);
    expect(day.first).toEqual([HOME.lat, HOME.lon]);
    expect(day.last![0]).toBeCloseTo(HOME.lat + 36_000 / M_PER_DEG, 5);
  });

  it('leaves out stops under 60 s inside the day: no allowed setting makes them stays', () => {
    // Parked from 12:00 for 10 min, drive 5 min, stop 30 s at 12:15, drive 5 min, parked from 12:20:30.
    const fixes = drive([[600, 0, 0], [300, 36, 0], [30, 0, 0], [300, 36, 0], [600, 0, 0]], { start: at(12, 0) });
    const day = tripDayOf({ fixes, from: at(0, 0), to: at(24, 0) })!;
    expect(day.runs.map((r) => [r[0], r[1]])).toEqual([
      [at(0, 0), at(12, 10)],
      [at(12, 20, 30), at(24, 0)],
    ]);
    // The 30-s stop's metres and speeds are still in what surrounds it: 3,000 + 3,000 m, 36 km/h.
    expect(day.runs[1].slice(4)).toEqual([6_000, 6_000, 36, 0]);
  });
});

describe('trips rebuilt from the stored days are the trips of the raw fixes', () => {
  it('for the working day, with every stop minimum and trip minimum', () => {
    const { range } = workday();
    for (const stopMinS of [60, 120, 180, 600, 3_600, 86_400])
      for (const minTripM of [0, 100, 10_000])
        expect(rebuilt(range, { stopMinS, minTripM })).toEqual(tripTimeline(range, { stopMinS, minTripM }));
  });

  it('for a stay across midnight (GMT+8), kept by two days', () => {
    const fixes = drive([[1200, 36, 0], [1800, 0, 0], [600, 36, 0], [300, 0, 0]], { start: at(23, 30) });
    const range = { from: T0, to: T0 + 2 * DAY, fixes };
    const s = rebuilt(range, { stopMinS: 25 * 60 });
    expect(s).toEqual(tripTimeline(range, { stopMinS: 25 * 60 }));
    expect(s[2]).toMatchObject({ kind: 'stay', start: at(23, 50), end: at(24, 20) });
  });

  it('for a stop under a minute on either side of midnight, which only the two days together make', () => {
    // Arrives at 23:59:30, leaves at 00:00:40: 30 s on day 1, 40 s on day 2, 70 s in all.
    const fixes = drive([[600, 36, 0], [70, 0, 0], [600, 36, 0]], { start: at(23, 49, 30) });
    const range = { from: T0, to: T0 + 2 * DAY, fixes };
    const s = rebuilt(range, { stopMinS: 60, minTripM: 0 });
    expect(s).toEqual(tripTimeline(range, { stopMinS: 60, minTripM: 0 }));
    expect(s[2]).toMatchObject({ kind: 'stay', start: at(23, 59, 30), end: at(24, 0, 40), durationS: 70 });
  });

  it('for a top speed read inside a stop that a longer stop minimum puts inside a trip', () => {
    // Parked, 5 min at 36 km/h, a 2-min stop whose middle fix reads 50 km/h but is followed by
    // 100 s of silence in the same place (stopped by the stop rule), 5 min at 36 km/h, parked.
    const before = drive([[600, 0, 0], [300, 36, 0], [20, 0, 0]], { start: at(10, 0) });
    const stop = before[before.length - 1];
    const odd = fix(stop.t + 10_000, stop.lat, stop.lon, 50);
    const after = drive([[300, 36, 0], [600, 0, 0]], { start: odd.t + 100_000, lat: stop.lat, lon: stop.lon });
    const range = { from: at(0, 0), to: at(24, 0), fixes: [...before, odd, ...after] };
    const s = rebuilt(range, { stopMinS: 600 });
    expect(s).toEqual(tripTimeline(range, { stopMinS: 600 }));
    expect(s[1]).toMatchObject({ kind: 'trip', topSpeed: 50 });
    // With 1-minute stops the 2-min stop is a stay and neither trip reads more than 36.
    const short = rebuilt(range, { stopMinS: 60 });
    expect(short.filter((x) => x.kind === 'trip').map((x) => x.topSpeed)).toEqual([36, 36]);
  });

  it('for a day the device sent nothing (no rollup row), parked or driving through it', () => {
    // Parked at 20:00 on day 1, next fix at 08:00 on day 3 at the same place: day 2 is parked.
    const evening = drive([[600, 36, 0], [60, 0, 0]], { start: at(19, 50) });
    const last = evening[evening.length - 1];
    const morning = drive([[600, 36, 90]], { start: at(56, 0), lat: last.lat, lon: last.lon });
    const parked = { from: T0, to: T0 + 3 * DAY, fixes: [...evening, ...morning] };
    expect(stored(parked)[1]).toBeNull();
    const s = rebuilt(parked);
    expect(s).toEqual(tripTimeline(parked));
    expect(s.filter((x) => x.kind === 'stay').map((x) => [x.start, x.end])).toContainEqual([at(20, 0), at(56, 0)]);
    // Without a fix before the range, the first day is silent too: it takes how day 2 starts.
    const late = { from: T0, to: T0 + 3 * DAY, fixes: morning, prev: last };
    expect(stored(late).slice(0, 2)).toEqual([null, null]);
    expect(rebuilt(late)).toEqual(tripTimeline(late));
    expect(rebuilt(late)[0]).toMatchObject({ kind: 'stay', start: T0, end: at(56, 0), lat: last.lat, lon: last.lon });
  });

  it('gives nothing when nothing is known', () => {
    expect(tripsFromDays(T0, T0 + 2 * DAY, [null, null])).toEqual([]);
    expect(() => tripsFromDays(T0, T0 + 2 * DAY, [null])).toThrow(/2 day pieces/);
    // A whole day's rollup cannot stand for the part of it a range covers.
    const day = tripDayOf({ fixes: [fix(at(12, 0), 1, 2)], from: T0, to: T0 + DAY })!;
    expect(() => tripsFromDays(at(6, 0), T0 + DAY, [day])).toThrow(/not the range's/);
  });

  it('property: over random tracks, stays and trips partition the range, add up to its mileage, and the rebuild matches', () => {
    const stops = [60, 180, 300, 900, 3_600];
    const mins = [0, 100, 500];
    for (let seed = 1; seed <= 24; seed++) {
      const range = randomRange(seed);
      const o = { stopMinS: stops[seed % stops.length], minTripM: mins[seed % mins.length] };
      const s = tripTimeline(range, o);
      expectPartition(s, range);
      // The mileage report: the sum of the day pieces' computePiece metres (0.1 m each).
      const mileage = rangePieces(range).reduce((m, p) => m + computePiece(p).summary.mileageM, 0);
      expect(s.reduce((m, x) => m + x.distanceM, 0)).toBeCloseTo(mileage, 6);
      expect(rebuilt(range, o)).toEqual(s);
    }
  });
});

function expectPartition(s: Segment[], range: RangeFixes) {
  expect(s.length).toBeGreaterThan(0);
  expect(s[0].start).toBe(range.from);
  expect(s[s.length - 1].end).toBe(range.to);
  s.forEach((x, i) => {
    expect(x.end).toBeGreaterThan(x.start);
    if (i > 0) {
      expect(x.start).toBe(s[i - 1].end);
      // Stays and trips take turns: two stays in a row would be one.
      expect(x.kind).not.toBe(s[i - 1].kind);
    }
    if (x.kind === 'trip') expect(x.distanceM).toBeGreaterThanOrEqual(0);
  });
}

describe('fixtures', () => {
  it('makes random ranges with context, fixes inside and partial days', () => {
    const r = randomRange(7);
    expect(r.fixes.every((f) => f.t >= r.from && f.t < r.to)).toBe(true);
    expect(rangePieces(r).length).toBeGreaterThanOrEqual(2);
  });
});
