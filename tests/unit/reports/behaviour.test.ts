import { describe, expect, it } from 'vitest';
import { OVERSPEED_KMH } from '../../../src/domain/constants';
import {
  harshCounts,
  overspeedDay,
  speedLimitOf,
  type OverspeedInput,
} from '../../../src/domain/reports/behaviour';
import { DAY_MS, dayOf, dayStart, type TrackFix } from '../../../src/domain/track';
import { drive } from '../track/fixtures';

const DAY = '2026-03-10';
const FROM = dayStart(DAY);
const H = 3_600_000;

const day = (fixes: TrackFix[], extra: Partial<OverspeedInput> = {}): OverspeedInput => ({
  fixes,
  from: FROM,
  to: FROM + DAY_MS,
  limitKmh: 100,
  ...extra,
});

/** Metres covered in 10 s at `kmh`. */
const step = (kmh: number) => (kmh / 3.6) * 10;

describe('harshCounts', () => {
  it('counts the three harsh alarms, older names as their new ones', () => {
    expect(
      harshCounts({
        hardAcceleration: 2,
        hardBraking: 2,
        braking: 1,
        hardCornering: 1,
        sos: 4,
        overspeed: 3,
      }),
    ).toEqual({ acceleration: 2, braking: 3, cornering: 1 });
    expect(harshCounts({})).toEqual({ acceleration: 0, braking: 0, cornering: 0 });
  });
});

describe('speedLimitOf', () => {
  it("is the device's own limit, or the platform's 120 km/h", () => {
    expect(speedLimitOf(90)).toBe(90);
    expect(speedLimitOf(null)).toBe(OVERSPEED_KMH);
    expect(speedLimitOf(0)).toBe(OVERSPEED_KMH);
  });
});

describe('overspeedDay', () => {
  it('adds the steps whose two ends are over the limit', () => {
    // From 09:00, a fix every 10 s: 10 min at 80, 5 min at 120 (30 fixes: 29 steps over,
    // 290 s), 10 min at 90, one fix at 130 (a spike: its steps have a 90 at one end), 5 min at
    // 90, 2 min at 110 (12 fixes: 11 steps, 110 s), then parked.
    // s = 290 + 110 = 400; m = 29 × 333.33 + 11 × 305.56 = 13,027.8; two episodes.
    const fixes = drive(
      [
        [600, 80, 90],
        [300, 120, 90],
        [600, 90, 90],
        [10, 130, 90],
        [300, 90, 90],
        [120, 110, 90],
        [600, 0, 0],
      ],
      { start: FROM + 9 * H },
    );
    const o = overspeedDay(day(fixes));
    expect(o).toEqual({ limitKmh: 100, s: 400, m: 13_027.8, n: 2 });
    expect(29 * step(120) + 11 * step(110)).toBeCloseTo(13_027.8, 1);
    // At the platform's 120 km/h only the 130 spike is over: nothing.
    expect(overspeedDay(day(fixes, { limitKmh: 120 }))).toEqual({ limitKmh: 120, s: 0, m: 0, n: 0 });
  });

  it('needs 10 s over the limit, leaves out invalid fixes, network fixes and jumps', () => {
    // Two fixes 5 s apart at 130: 5 s, under the overspeed alarm's 10 s.
    const short = drive(
      [
        [10, 130, 90],
        [60, 50, 90],
      ],
      { start: FROM + 9 * H, stepS: 5 },
    );
    expect(overspeedDay(day(short))).toMatchObject({ s: 0, n: 0 });
    // 90 km/h with one invalid fix at 150, one cell-tower fix at 150 and one 30 km away at 150.
    const base = drive([[600, 90, 90]], { start: FROM + 9 * H });
    const odd = base.map((f, i) =>
      i === 10 || i === 11
        ? { ...f, speed: 150, ...(i === 10 ? { valid: false } : { type: 'lbs' }) }
        : i === 30
          ? { ...f, speed: 150, lat: f.lat + 0.3 }
          : f,
    );
    expect(overspeedDay(day(odd))).toMatchObject({ s: 0, n: 0 });
  });

  it('does not bridge a gap of more than 5 minutes', () => {
    const a = drive([[60, 130, 90]], { start: FROM + 9 * H });
    const b = drive([[60, 130, 90]], { start: FROM + 9 * H + 60_000 + 6 * 60_000 });
    // Two runs of 6 fixes (5 steps, 50 s each); the 6-minute silence between is not counted.
    expect(overspeedDay(day([...a, ...b]))).toMatchObject({ s: 100, n: 2 });
  });

  it('shares an episode across midnight (GMT+8) between the two days', () => {
    // 130 km/h from 23:59:00 on the 9th (account clock) to 00:00:50 on the 10th, a fix every
    // 10 s, then parked: 12 fixes, 11 steps, 110 s. The 9th has 23:59:00-00:00:00 (6 steps,
    // 60 s, the last step 23:59:50-00:00:00 through its `next`); the 10th has 50 s; the episode
    // counts on the 9th, where it starts.
    const prevDay = '2026-03-09';
    const fixes = drive(
      [
        [120, 130, 90],
        [300, 0, 0],
      ],
      { start: FROM - 60_000 },
    );
    const on = (d: string) => fixes.filter((f) => dayOf(f.t) === d);
    expect(on(prevDay)).toHaveLength(6);
    const ninth = overspeedDay({
      fixes: on(prevDay),
      from: dayStart(prevDay),
      to: FROM,
      next: on(DAY)[0],
      limitKmh: 100,
    });
    const tenth = overspeedDay(day(on(DAY), { prev: on(prevDay).at(-1) }));
    expect(ninth).toMatchObject({ s: 60, n: 1 });
    expect(tenth).toMatchObject({ s: 50, n: 0 });
    expect(ninth.m + tenth.m).toBeCloseTo(11 * step(130), 0);
  });
});
