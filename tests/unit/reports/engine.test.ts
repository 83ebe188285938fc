import { describe, expect, it } from 'vitest';
import {
  accSpans,
  engineDayOf,
  engineFromDays,
  engineFromFixes,
  rangePieces,
  type EngineReport,
  type RangeFixes,
} from '../../../src/domain/reports';
import { at, DAY, drive, fix, HOME, M_PER_DEG, randomRange, T0, workday } from './fixtures';

/** What the rollup would hold: a stored day per day piece, null for a day without a fix (but the
 * first, which the caller computes from its empty raw piece, engine-days.ts). */
const stored = (range: RangeFixes) =>
  rangePieces(range).map((p, k) => (p.fixes.length || k === 0 ? engineDayOf(p) : null));
const rebuilt = (range: RangeFixes, idleMinS?: number) =>
  engineFromDays(range.from, range.to, stored(range), { idleMinS });
const reported = (r: EngineReport) => {
  if (r.ignition !== 'reported') throw new Error('expected ignition data');
  return r;
};

describe('engine hours and idling of the hand-made working day (fixtures.ts workday)', () => {
  const { range } = workday();

  it('counts ACC-on time, known time and idling of at least 5 minutes', () => {
    const r = reported(engineFromFixes(range));
    // ACC on 06:59:00–07:57:00 (58 min) and 09:00:00–09:10:00 (10 min): 3,480 + 600 = 4,080 s.
    // Known from 06:59:00 to the last fix, 09:14:50 (ACC off), plus its 300 s hold: 09:19:50,
    // i.e. 2 h 20 min 50 s = 8,450 s. The night before's fix (23:50, off) holds until 23:55 only.
    expect(r.onS).toBe(4_080);
    expect(r.knownS).toBe(8_450);
    // Idling: warming up at HOME 06:59:00–07:05:00 (360 s) and at WORK 07:47:00–07:57:00
    // (600 s); the 2-min red light (ACC on, stopped) is under 5 minutes.
    expect(r.idling.map((e) => [e.start, e.end, e.durationS])).toEqual([
      [at(6, 59), at(7, 5), 360],
      [at(7, 47), at(7, 57), 600],
    ]);
    expect(r.idling[0]).toMatchObject({ lat: HOME.lat, lon: HOME.lon });
    expect(r.idling[1].lat).toBeCloseTo(HOME.lat + 30_000 / M_PER_DEG, 5);
    expect(r.idleS).toBe(960);
    expect(r.days).toEqual([
      { day: '2026-03-10', from: at(0, 0), to: at(24, 0), onS: 4_080, idleS: 960, knownS: 8_450 },
    ]);
  });

  it('with 2-minute idling, the red light is an episode too: 360 + 120 + 600 = 1,080 s', () => {
    const r = reported(engineFromFixes(range, { idleMinS: 120 }));
    expect(r.idling.map((e) => [e.start, e.durationS])).toEqual([
      [at(6, 59), 360],
      [at(7, 35), 120],
      [at(7, 47), 600],
    ]);
    expect(r.idleS).toBe(1_080);
  });

  it('is the same rebuilt from the stored day', () => {
    for (const idleMinS of [60, 120, 300, 3_600]) expect(rebuilt(range, idleMinS)).toEqual(engineFromFixes(range, { idleMinS }));
    expect(stored(range)[0]).toMatchObject({ onS: 4_080, knownS: 8_450, tail: null });
  });
});

describe('the ignition rule', () => {
  const on = (t: number, acc: boolean | null = true) => fix(t, HOME.lat, HOME.lon, 0, { acc });

  it('holds a fix\'s state until the next fix, at most 5 minutes; a fix without ACC says nothing', () => {
    const seq = [on(at(12, 0)), on(at(13, 0), false), on(at(13, 1), null), on(at(13, 2))];
    expect(accSpans(seq, at(0, 0), at(24, 0))).toEqual([
      // On at 12:00, then an hour of silence: on for 300 s, unknown after.
      { start: at(12, 0), end: at(12, 5), on: true },
      // Off at 13:00 until the next fix (13:01), which reports no ACC: unknown until 13:02.
      { start: at(13, 0), end: at(13, 1), on: false },
      // The last fix: on for 300 s, cut at the range's end when that comes first.
      { start: at(13, 2), end: at(13, 7), on: true },
    ]);
    expect(accSpans(seq, at(0, 0), at(13, 4)).at(-1)).toEqual({ start: at(13, 2), end: at(13, 4), on: true });
  });

  it('reports "no ignition data" for a device none of whose fixes carries ACC, not zeros', () => {
    const { range } = workday();
    const none = { ...range, prev: undefined, fixes: range.fixes.map((f) => ({ ...f, acc: undefined })) };
    expect(engineFromFixes(none)).toEqual({ ignition: 'none' });
    expect(rebuilt(none)).toEqual({ ignition: 'none' });
    const nulls = { ...none, fixes: none.fixes.map((f) => ({ ...f, acc: null })) };
    expect(engineFromFixes(nulls)).toEqual({ ignition: 'none' });
  });

  it('reports "no ignition data" for a range without fixes', () => {
    expect(engineFromFixes({ from: T0, to: T0 + DAY, fixes: [] })).toEqual({ ignition: 'none' });
    expect(engineFromDays(T0, T0 + DAY, [null])).toEqual({ ignition: 'none' });
  });

  it('shows a day without any known state as null in a range that has some', () => {
    const { range } = workday();
    const two = { ...range, to: range.to + DAY };
    const r = reported(engineFromFixes(two));
    // Day 2 only has the parked time after the last fix: no ACC state is known in it.
    expect(r.days.map((d) => [d.day, d.onS, d.idleS, d.knownS])).toEqual([
      ['2026-03-10', 4_080, 960, 8_450],
      ['2026-03-11', null, null, 0],
    ]);
    expect(rebuilt(two)).toEqual(r);
  });
});

describe('idling across midnight (GMT+8)', () => {
  // Drive 23:35–23:45, park with ACC on; the last fix is 23:58:00, the next one 08:00 two days
  // later (ACC off, same place). The day between has no fix, so no rollup row.
  const day1 = drive([[600, 36, 0], [790, 0, 0]], { start: at(23, 35) }).map((f) => ({ ...f, acc: true }));
  const last = day1[day1.length - 1];
  const day3 = [fix(at(56, 0), last.lat, last.lon, 0, { acc: false })];
  const range = { from: T0, to: T0 + 3 * DAY, fixes: [...day1, ...day3] };

  it('is one episode, its seconds counted in each day for its part', () => {
    expect(last.t).toBe(at(23, 58));
    const r = reported(engineFromFixes(range));
    // The last fix holds ACC on until 23:58 + 5 min = 00:03; the stop rule keeps it stopped
    // until the next fix. Idling 23:45:00–00:03:00 = 1,080 s: 900 s on day 1, 180 s on day 2.
    expect(r.idling.map((e) => [e.start, e.end, e.durationS])).toEqual([[at(23, 45), at(24, 3), 1_080]]);
    // Day 1: on 23:35:00–24:00 = 1,500 s. Day 2: 180 s. Day 3: off from 08:00, known 300 s.
    expect(r.days.map((d) => [d.onS, d.idleS, d.knownS])).toEqual([
      [1_500, 900, 1_500],
      [180, 180, 180],
      [0, 0, 300],
    ]);
  });

  it('is the same rebuilt from the stored days, the silent day from the day before\'s tail', () => {
    const days = stored(range);
    expect(days[1]).toBeNull();
    expect(days[0]!.tail).toEqual([at(24, 3), 1, 1]);
    expect(rebuilt(range)).toEqual(engineFromFixes(range));
  });
});

describe('engine hours rebuilt from stored days match the raw fixes', () => {
  it('property: over random tracks, per day idle <= on <= known <= the day, and the rebuild matches', () => {
    for (let seed = 1; seed <= 16; seed++) {
      const range = randomRange(seed);
      const idleMinS = [60, 300, 900][seed % 3];
      const r = reported(engineFromFixes(range, { idleMinS }));
      for (const d of r.days) {
        expect(d.idleS ?? 0).toBeLessThanOrEqual(d.onS ?? 0);
        expect(d.onS ?? 0).toBeLessThanOrEqual(d.knownS);
        expect(d.knownS).toBeLessThanOrEqual((d.to - d.from) / 1000);
      }
      for (const e of r.idling) expect(e.durationS).toBeGreaterThanOrEqual(idleMinS);
      expect(rebuilt(range, idleMinS)).toEqual(r);
      expect(engineFromFixes(randomRange(seed, false))).toEqual({ ignition: 'none' });
    }
  });
});
