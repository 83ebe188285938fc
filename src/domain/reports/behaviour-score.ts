/**
 * The driving score and the behaviour report of one device over a range, from stored days.
 *
 * The formula, in one sentence for the screen: "Score = 100 − 5 × harsh events per 100 km −
 * 2 × minutes over the speed limit per hour of driving, never below 0; days under 10 km are
 * not scored." The weights:
 *  - 5 per harsh event per 100 km: careful drivers make 1 to 3 per 100 km (scores 85 to 95),
 *    aggressive ones 10 and more (50 and less); 20 per 100 km reaches 0.
 *  - 2 per minute over the limit per driving hour: 3 minutes an hour (a few overtakes) costs 6,
 *    15 minutes (a quarter of the driving) 30, speeding half the time 60.
 *  - Under 10 km a single event would weigh 50 points or more: such days get no score rather
 *    than a meaningless one.
 * A range's score is the formula over the range's totals (not a mean of daily scores), so a
 * short bad day weighs by its kilometres.
 */
import { roundTo } from '../track/figures';
import { harshCounts, harshTotal, type HarshCounts, type OverspeedDay } from './behaviour';

export const BEHAVIOUR_SCORE = {
  base: 100,
  /** Points per harsh event per 100 km. */
  harshWeight: 5,
  /** Points per minute over the limit per hour of driving. */
  overspeedWeight: 2,
  /** Days (ranges) shorter than this are not scored. */
  minKm: 10,
} as const;

export type ScoreWeights = { readonly [K in keyof typeof BEHAVIOUR_SCORE]: number };

/** The screen prints t(key, params) in the user's language: the sentence above with these numbers. */
export const BEHAVIOUR_FORMULA_KEY = 'reports:behaviour.formula';

export function behaviourFormula(w: ScoreWeights = BEHAVIOUR_SCORE): {
  key: string;
  params: ScoreWeights;
} {
  return { key: BEHAVIOUR_FORMULA_KEY, params: { ...w } };
}

/** What a score is computed from. */
export interface BehaviourFigures {
  km: number;
  /** Driving (moving) seconds: track_days.moving_s. */
  drivingS: number;
  harsh: HarshCounts;
  overspeedS: number;
  overspeedM: number;
  overspeedEpisodes: number;
}

export interface BehaviourScore {
  /** 0 to 100, whole; null when under minKm. */
  score: number | null;
  harshPer100km: number | null;
  overspeedMinPerHour: number | null;
  /** Points taken off by each term (their sum is 100 − score before the floor). */
  harshPenalty: number | null;
  overspeedPenalty: number | null;
}

export function behaviourScore(f: BehaviourFigures, w: ScoreWeights = BEHAVIOUR_SCORE): BehaviourScore {
  if (!(f.km >= w.minKm))
    return {
      score: null,
      harshPer100km: null,
      overspeedMinPerHour: null,
      harshPenalty: null,
      overspeedPenalty: null,
    };
  const harshPer100km = (harshTotal(f.harsh) / f.km) * 100;
  const overspeedMinPerHour = f.drivingS > 0 ? f.overspeedS / 60 / (f.drivingS / 3600) : 0;
  const harshPenalty = w.harshWeight * harshPer100km;
  const overspeedPenalty = w.overspeedWeight * overspeedMinPerHour;
  const score = Math.round(Math.min(w.base, Math.max(0, w.base - harshPenalty - overspeedPenalty)));
  return {
    score,
    harshPer100km: roundTo(harshPer100km, 2),
    overspeedMinPerHour: roundTo(overspeedMinPerHour, 2),
    harshPenalty: roundTo(harshPenalty, 1),
    overspeedPenalty: roundTo(overspeedPenalty, 1),
  };
}

/** What the report reads per device and day (track_days columns). */
export interface BehaviourDayRow {
  day: string;
  mileageM: number;
  movingS: number;
  /** track_days.alarms: counts by alarm type. */
  alarms: Readonly<Record<string, number>>;
  /** track_days.overspeed; null in days rolled up before it existed (counted as none). */
  overspeed: OverspeedDay | null;
}

export type BehaviourLine = BehaviourFigures & BehaviourScore;

export interface BehaviourReport {
  days: Array<{ day: string; limitKmh: number | null } & BehaviourLine>;
  totals: BehaviourLine;
  /** The limits the days were measured against (one, unless the device's limit changed). */
  limitsKmh: number[];
  formula: { key: string; params: ScoreWeights };
}

function dayFigures(r: BehaviourDayRow): BehaviourFigures {
  return {
    km: r.mileageM / 1000,
    drivingS: r.movingS,
    harsh: harshCounts(r.alarms),
    overspeedS: r.overspeed?.s ?? 0,
    overspeedM: r.overspeed?.m ?? 0,
    overspeedEpisodes: r.overspeed?.n ?? 0,
  };
}

const line = (f: BehaviourFigures, w: ScoreWeights): BehaviourLine => ({
  ...f,
  km: roundTo(f.km, 1),
  overspeedM: roundTo(f.overspeedM, 1),
  ...behaviourScore(f, w),
});

export function combineBehaviourDays(
  rows: readonly BehaviourDayRow[],
  w: ScoreWeights = BEHAVIOUR_SCORE,
): BehaviourReport {
  const figures = rows.map(dayFigures);
  const total: BehaviourFigures = {
    km: 0,
    drivingS: 0,
    harsh: { acceleration: 0, braking: 0, cornering: 0 },
    overspeedS: 0,
    overspeedM: 0,
    overspeedEpisodes: 0,
  };
  for (const f of figures) {
    total.km += f.km;
    total.drivingS += f.drivingS;
    total.harsh.acceleration += f.harsh.acceleration;
    total.harsh.braking += f.harsh.braking;
    total.harsh.cornering += f.harsh.cornering;
    total.overspeedS += f.overspeedS;
    total.overspeedM += f.overspeedM;
    total.overspeedEpisodes += f.overspeedEpisodes;
  }
  const limits = rows.flatMap((r) => (r.overspeed ? [r.overspeed.limitKmh] : []));
  return {
    days: rows.map((r, i) => ({
      day: r.day,
      limitKmh: r.overspeed?.limitKmh ?? null,
      ...line(figures[i], w),
    })),
    totals: line(total, w),
    limitsKmh: [...new Set(limits)].sort((a, b) => a - b),
    formula: behaviourFormula(w),
  };
}
