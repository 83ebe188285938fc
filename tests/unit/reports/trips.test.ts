import { describe, expect, it } from 'vitest';
import { tripTimeline, type Segment, type TripSegment } from '../../../src/domain/reports';
import { computePiece, dayOf } from '../../../src/domain/track';
import { at, DAY, drive, fix, HOME, M_PER_DEG, T0, workday } from './fixtures';

const WORK_LAT = HOME.lat + 30_000 / M_PER_DEG; // 30 km north: 0.269797°
const PARK_LAT = HOME.lat + 36_000 / M_PER_DEG; // 36 km north: 0.323756°
const trips = (s: Segment[]) => s.filter((x): x is TripSegment => x.kind === 'trip');
/** Kind, start, end, duration and metres of each segment, for a compact comparison. */
const outline = (s: Segment[]) => s.map((x) => [x.kind, x.start, x.end, x.durationS, x.distanceM]);

describe('trips of the hand-made working day (fixtures.ts workday)', () => {
  const { range, fixes } = workday();

  it('cuts the day into three stays and two trips (stops of at least 3 minutes)', () => {
    const s = tripTimeline(range);
    expect(outline(s)).toEqual([
      // Parked since the night before (the context fix is parked) until the first move at 07:05.
      ['stay', at(0, 0), at(7, 5), 25_500, 0],
      // 07:05 to the arrival at WORK; the 2-minute red light is under 3 minutes, so inside:
      // 18,000 + 12,000 m in 42 min.
      ['trip', at(7, 5), at(7, 47), 2_520, 30_000],
      ['stay', at(7, 47), at(9, 0), 4_380, 0],
      ['trip', at(9, 0), at(9, 10), 600, 6_000],
      // From the arrival to midnight: the last fix is 09:14:50, then parked where it was.
      ['stay', at(9, 10), at(24, 0), 53_400, 0],
    ]);
    const [first, second] = trips(s);
    // 30,000 m / 2,520 s × 3.6 = 42.857 km/h; the top is the 72 km/h leg.
    expect(first).toMatchObject({ topSpeed: 72, avgSpeed: 42.9 });
    expect(second).toMatchObject({ topSpeed: 36, avgSpeed: 36 });
    // A trip goes from the stay it left to the stay it reached.
    expect(first.from).toEqual({ lat: HOME.lat, lon: HOME.lon });
    expect(first.to!.lat).toBeCloseTo(WORK_LAT, 5);
    expect(second.from!.lat).toBeCloseTo(WORK_LAT, 5);
    expect(second.to!.lat).toBeCloseTo(PARK_LAT, 5);
  });

  it('adds up to the day: 25,500 + 2,520 + 4,380 + 600 + 53,400 s = 86,400 s, and to its mileage', () => {
    const s = tripTimeline(range);
    expect(s.reduce((a, x) => a + x.durationS, 0)).toBe(86_400);
    // The mileage report's figure for the day is computePiece's (track_days.mileage_m).
    const day = computePiece({ fixes, from: range.from, to: range.to, prev: range.prev });
    expect(day.summary.mileageM).toBe(36_000);
    expect(s.reduce((a, x) => a + x.distanceM, 0)).toBe(36_000);
  });

  it('with stops of 1 minute, the red light is a stay between two trips', () => {
    const s = tripTimeline(range, { stopMinS: 60 });
    expect(outline(s).slice(1, 4)).toEqual([
      ['trip', at(7, 5), at(7, 35), 1_800, 18_000],
      ['stay', at(7, 35), at(7, 37), 120, 0],
      ['trip', at(7, 37), at(7, 47), 600, 12_000],
    ]);
    // 18,000 m in 1,800 s: 36 km/h; 12,000 m in 600 s: 72 km/h.
    expect(trips(s).map((t) => [t.avgSpeed, t.topSpeed])).toEqual([
      [36, 36],
      [72, 72],
      [36, 36],
    ]);
    expect(s).toHaveLength(7);
  });

  it('keeps the stop minimum within what rollups rebuild (under 60 s reads as 60 s)', () => {
    expect(tripTimeline(range, { stopMinS: 5 })).toEqual(tripTimeline(range, { stopMinS: 60 }));
  });
});

describe('trips at the edges of what is known', () => {
  const from = at(0, 0);
  const to = at(24, 0);

  it('takes the time before the first fix (no fix before it) as parked where that fix is', () => {
    // The tracker wakes at 08:00 already driving 36 km/h for 10 min, parks 5 min, then is silent.
    const fixes = drive([[600, 36, 0], [300, 0, 0]], { start: at(8, 0), ...HOME });
    const s = tripTimeline({ from, to, fixes });
    // 08:00 to 08:10 is 6,000 m (59 moves inside the leg + the arrival), 600 s.
    expect(outline(s)).toEqual([
      ['stay', from, at(8, 0), 28_800, 0],
      ['trip', at(8, 0), at(8, 10), 600, 6_000],
      ['stay', at(8, 10), to, 57_000, 0],
    ]);
    expect(s[0]).toMatchObject({ lat: HOME.lat, lon: HOME.lon });
  });

  it('gives an empty timeline when no fix is known in or around the range', () => {
    expect(tripTimeline({ from, to, fixes: [] })).toEqual([]);
  });

  it('gives one stay when the range has no fix but the last fix before it was parked', () => {
    const prev = fix(from - 2 * DAY, 31.2, 121.5, 0);
    expect(tripTimeline({ from, to, fixes: [], prev })).toEqual([
      { kind: 'stay', start: from, end: to, durationS: 86_400, lat: 31.2, lon: 121.5, distanceM: 0 },
    ]);
  });

  it('joins a parked receiver\'s speed blip to the stays around it (minTripM)', () => {
    // 10 min parked, one fix at 15 km/h (the fixture moves it 15 / 3.6 × 10 = 41.7 m), 10 min parked.
    const fixes = drive([[600, 0, 0], [10, 15, 0], [600, 0, 0]], { start: at(12, 0), ...HOME });
    const range = { from: at(12, 0), to: at(12, 20, 10), fixes, prev: fix(at(11, 0), HOME.lat, HOME.lon) };
    const next = { ...range, next: fix(at(12, 30), fixes[fixes.length - 1].lat, fixes[fixes.length - 1].lon) };
    // Without the minimum: stay, a 10-s trip of 41.7 m (the move arriving after the blip), stay.
    expect(outline(tripTimeline(next, { minTripM: 0 }))).toEqual([
      ['stay', at(12, 0), at(12, 10), 600, 0],
      ['trip', at(12, 10), at(12, 10, 10), 10, 41.7],
      ['stay', at(12, 10, 10), at(12, 20, 10), 600, 0],
    ]);
    // With the default 100 m: one stay, which carries the 41.7 m.
    expect(outline(tripTimeline(next))).toEqual([['stay', at(12, 0), at(12, 20, 10), 1_210, 41.7]]);
  });
});

describe('a stay across midnight in GMT+8', () => {
  // Day 1 (2026-03-10): the tracker wakes at 23:30 driving, parks at 23:50; leaves at 00:20 on
  // 2026-03-11 for 10 min, parks, and is silent after 00:35.
  const fixes = drive(
    [
      [1200, 36, 0],
      [1800, 0, 0],
      [600, 36, 0],
      [300, 0, 0],
    ],
    { start: at(23, 30), ...HOME },
  );
  const range = { from: T0, to: T0 + 2 * DAY, fixes };

  it('is one stay of 30 min although each day holds only part of it', () => {
    // 25 min: more than either part (10 min before midnight, 20 after), less than the whole.
    const s = tripTimeline(range, { stopMinS: 25 * 60 });
    const stay = s[2];
    expect(stay).toMatchObject({ kind: 'stay', start: at(23, 50), end: at(24, 20), durationS: 1_800 });
    // Midnight of Beijing is 16:00 UTC: the stay starts 15:50Z and ends 16:20Z, two account days.
    expect(new Date(stay.start).toISOString()).toBe('2026-03-10T15:50:00.000Z');
    expect([dayOf(stay.start), dayOf(stay.end)]).toEqual(['2026-03-10', '2026-03-11']);
    expect(outline(s)).toEqual([
      ['stay', T0, at(23, 30), 84_600, 0],
      ['trip', at(23, 30), at(23, 50), 1_200, 12_000],
      ['stay', at(23, 50), at(24, 20), 1_800, 0],
      ['trip', at(24, 20), at(24, 30), 600, 6_000],
      ['stay', at(24, 30), T0 + 2 * DAY, 84_600, 0],
    ]);
  });

  it('has segments that add up to the two days', () => {
    const s = tripTimeline(range);
    expect(s[0].start).toBe(T0);
    expect(s[s.length - 1].end).toBe(T0 + 2 * DAY);
    s.slice(1).forEach((x, i) => expect(x.start).toBe(s[i].end));
    expect(s.reduce((a, x) => a + (x.end - x.start), 0)).toBe(2 * DAY);
  });
});
