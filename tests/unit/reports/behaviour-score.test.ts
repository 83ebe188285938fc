import { describe, expect, it } from 'vitest';
import { overspeedDay } from '../../../src/domain/reports/behaviour';
import {
  BEHAVIOUR_FORMULA_KEY,
  BEHAVIOUR_SCORE,
  behaviourFormula,
  behaviourScore,
  combineBehaviourDays,
  type BehaviourDayRow,
  type BehaviourFigures,
} from '../../../src/domain/reports/behaviour-score';
import { computePiece, DAY_MS, dayStart } from '../../../src/domain/track';
import { drive } from '../track/fixtures';

const figures = (over: Partial<BehaviourFigures>): BehaviourFigures => ({
  km: 100,
  drivingS: 3600,
  harsh: { acceleration: 0, braking: 0, cornering: 0 },
  overspeedS: 0,
  overspeedM: 0,
  overspeedEpisodes: 0,
  ...over,
});

/**
 * Day A: 150 km in 3 h of driving; harsh events 2 accelerations, 3 brakings (one stored under
 * the older name `braking`), 1 cornering; 9 minutes over the limit.
 *   events per 100 km = 6 / 150 × 100 = 4 → 5 × 4 = 20 points
 *   minutes over per hour of driving = 9 / 3 = 3 → 2 × 3 = 6 points
 *   score = 100 − 20 − 6 = 74
 * Day B: 50 km in 1.5 h, 4 harsh brakings, no overspeed: 8 per 100 km → 40 points; score 60.
 */
const dayA: BehaviourDayRow = {
  day: '2026-03-10',
  mileageM: 150_000,
  movingS: 3 * 3600,
  alarms: { hardAcceleration: 2, hardBraking: 2, braking: 1, hardCornering: 1, sos: 1 },
  overspeed: { limitKmh: 100, s: 540, m: 16_500, n: 3 },
};
const dayB: BehaviourDayRow = {
  day: '2026-03-11',
  mileageM: 50_000,
  movingS: 5400,
  alarms: { hardBraking: 4 },
  overspeed: { limitKmh: 100, s: 0, m: 0, n: 0 },
};

describe('behaviourScore', () => {
  it('takes 5 points per harsh event per 100 km and 2 per minute over the limit per hour', () => {
    expect(
      behaviourScore(
        figures({
          km: 150,
          drivingS: 3 * 3600,
          harsh: { acceleration: 2, braking: 3, cornering: 1 },
          overspeedS: 540,
        }),
      ),
    ).toEqual({ score: 74, harshPer100km: 4, overspeedMinPerHour: 3, harshPenalty: 20, overspeedPenalty: 6 });
  });

  it('is 100 for a clean day, never below 0, and none under 10 km', () => {
    expect(behaviourScore(figures({})).score).toBe(100);
    // 30 events over 50 km: 60 per 100 km, 300 points off.
    expect(
      behaviourScore(figures({ km: 50, harsh: { acceleration: 30, braking: 0, cornering: 0 } })).score,
    ).toBe(0);
    expect(
      behaviourScore(figures({ km: 9.9, harsh: { acceleration: 1, braking: 0, cornering: 0 } })),
    ).toEqual({
      score: null,
      harshPer100km: null,
      overspeedMinPerHour: null,
      harshPenalty: null,
      overspeedPenalty: null,
    });
  });

  it('takes other weights', () => {
    // 4 events per 100 km × 10 = 40; no overspeed: 60.
    const w = { ...BEHAVIOUR_SCORE, harshWeight: 10 };
    expect(behaviourScore(figures({ harsh: { acceleration: 4, braking: 0, cornering: 0 } }), w).score).toBe(
      60,
    );
  });
});

describe('combineBehaviourDays', () => {
  const report = combineBehaviourDays([dayA, dayB]);

  it('scores each day', () => {
    expect(report.days).toMatchObject([
      {
        day: '2026-03-10',
        limitKmh: 100,
        km: 150,
        harsh: { acceleration: 2, braking: 3, cornering: 1 },
        score: 74,
      },
      {
        day: '2026-03-11',
        limitKmh: 100,
        km: 50,
        harsh: { acceleration: 0, braking: 4, cornering: 0 },
        score: 60,
      },
    ]);
  });

  it("scores the range on its totals, not the mean of the days' scores", () => {
    // 200 km, 4.5 h, 10 events, 9 minutes over: 5 per 100 km → 25; 9 / 4.5 = 2 min/h → 4;
    // 100 − 25 − 4 = 71 (the mean of 74 and 60 would be 67).
    expect(report.totals).toMatchObject({
      km: 200,
      drivingS: 16_200,
      harsh: { acceleration: 2, braking: 7, cornering: 1 },
      overspeedS: 540,
      overspeedM: 16_500,
      overspeedEpisodes: 3,
      harshPer100km: 5,
      overspeedMinPerHour: 2,
      score: 71,
    });
    expect(report.limitsKmh).toEqual([100]);
  });

  it('gives the formula as a key and its numbers for the screen', () => {
    expect(report.formula).toEqual({
      key: BEHAVIOUR_FORMULA_KEY,
      params: { base: 100, harshWeight: 5, overspeedWeight: 2, minKm: 10 },
    });
    expect(behaviourFormula({ ...BEHAVIOUR_SCORE, minKm: 20 }).params.minKm).toBe(20);
  });

  it('takes a day rolled up before overspeed was stored as none, and lists every limit', () => {
    const old = combineBehaviourDays([
      { ...dayA, overspeed: null },
      { ...dayB, overspeed: { ...dayB.overspeed!, limitKmh: 90 } },
    ]);
    expect(old.days[0]).toMatchObject({ limitKmh: null, overspeedS: 0, score: 80 });
    expect(old.limitsKmh).toEqual([90]);
  });
});

describe('from fixes and alarms to a score', () => {
  it('uses the rollup figures of the track rule and the overspeed of the fixes', () => {
    // 08:00 GMT+8, a fix every 10 s: 60 min at 60 km/h (360 fixes, 60 km), 30 min at 120 km/h
    // (180 fixes, 60 km), 10 min parked. The track rule (computePiece): 120 km, moving 540
    // steps × 10 s = 5,400 s. Over the device's 100 km/h: 179 steps (180 fixes) = 1,790 s.
    //   harsh: 3 events / 120 km × 100 = 2.5 → 12.5 points
    //   overspeed: 1,790 s = 29.83 min over 1.5 h = 19.89 min/h → 39.78 points
    //   score = 100 − 12.5 − 39.78 = 47.72 → 48
    const from = dayStart('2026-03-10');
    const fixes = drive(
      [
        [3600, 60, 90],
        [1800, 120, 90],
        [600, 0, 0],
      ],
      { start: from + 8 * 3_600_000 },
    );
    const piece = computePiece({ fixes, from, to: from + DAY_MS }).summary;
    expect(piece.mileageM).toBeCloseTo(120_000, 0);
    expect(piece.movingS).toBe(5400);
    const overspeed = overspeedDay({ fixes, from, to: from + DAY_MS, limitKmh: 100 });
    expect(overspeed).toMatchObject({ s: 1790, n: 1 });
    const report = combineBehaviourDays([
      {
        day: '2026-03-10',
        mileageM: piece.mileageM,
        movingS: piece.movingS,
        alarms: { hardAcceleration: 1, hardBraking: 1, hardCornering: 1 },
        overspeed,
      },
    ]);
    expect(report.totals).toMatchObject({
      harshPer100km: 2.5,
      overspeedMinPerHour: 19.89,
      harshPenalty: 12.5,
      overspeedPenalty: 39.8,
      score: 48,
    });
  });
});
