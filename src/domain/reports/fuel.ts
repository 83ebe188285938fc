/**
 * The fuel of one device over one account day, from its fixes and their fuel readings
 * (readFuel): the level through the day, its fills and suspected drains, and the fuel used.
 * The daily rollup stores `day` (FuelDay, small: a report over 1,000 devices × 31 days reads
 * only these) and `series` (the chart's line); fuel-range.ts combines stored days.
 *
 * The rule, in order:
 *  1. The day's readings are those in its majority unit (litres win a tie); a day whose readings
 *     are all 0 has no sensor (an input with nothing wired reads 0 on Meitrack and H02 frames).
 *  2. Each reading is replaced by the median of 5 (FUEL_DEFAULTS.medianRadius), the readings of
 *     the day before and after included, so midnight does not change a value.
 *  3. The day's level path starts at the last reading of the day before (when there is one)
 *     and runs through the day's readings: consecutive days chain, and a change across
 *     midnight belongs to the day it ends in.
 *  4. The path is cut into rises and falls (fuelLegs, turns smaller than `noise` ignored).
 *     A rise of at least fillMin is a fill, parked or not (a sensor still settles as the
 *     vehicle leaves the pump). In a fall, each stretch where every fix is stopped (the stop
 *     rule, track/state.ts isStopped) and that loses at least drainMin within drainWindowMs is
 *     a suspected drain, of the stretch's whole loss.
 *  5. used = first − last + filled − drained: every loss that is not a drain is fuel burnt,
 *     driving or idling; small rises (sloshing, a top-up under fillMin) offset small falls.
 */
import { isStopped } from '../track/state';
import type { TrackFix } from '../track/fix';
import { DAY_MS } from '../track/days';
import { DAY_BUCKET_MS } from '../track/rules';
import { FIGURE_DECIMALS, roundTo } from '../track/figures';
import type { FuelReading, FuelUnit } from './fuel-reading';
import { fallsWithin, fuelLegs, medianSmooth, moveCore } from './fuel-legs';
import {
  FUEL_CONTEXT_READINGS,
  FUEL_DECIMALS,
  FUEL_DEFAULTS,
  FUEL_EVENTS_MAX,
  type FuelSettings,
} from './fuel-rules';

/** A stored fix with the fuel reading of its position (readFuel of its attributes), if any. */
export interface FuelFix extends TrackFix {
  fuel?: FuelReading | null;
}

export interface FuelDayInput {
  /** The day's fixes, [from, to), in time order. */
  fixes: readonly FuelFix[];
  from: number;
  to: number;
  /**
   * Fixes before `from` in time order, back to at least the FUEL_CONTEXT_READINGS-th last
   * reading of the day before (more is fine; readings older than a day are not used).
   */
  before?: readonly FuelFix[];
  /** Fixes from `to` on, up to at least the FUEL_CONTEXT_READINGS-th reading (more is fine). */
  after?: readonly FuelFix[];
  settings?: FuelSettings;
}

export type FuelEventKind = 'fill' | 'drain';

/** A fill or a suspected drain. */
export interface FuelEvent {
  kind: FuelEventKind;
  /** When the level started to move and when it settled, epoch ms. */
  from: number;
  to: number;
  /** Always positive: litres (or %) added or lost. */
  amount: number;
  /** Level before and after. */
  before: number;
  after: number;
  /** Where the vehicle was when the level settled. */
  lat: number;
  lon: number;
}

/** The stored form of a day (track_days.fuel): levels and amounts in `unit`, to 0.1. */
export interface FuelDay {
  unit: FuelUnit;
  /** Readings of the day used. */
  readings: number;
  /** Level at the last reading of the day before when there is one, else at the day's first. */
  first: number;
  last: number;
  /** Lowest and highest smoothed level, `first` included. */
  min: number;
  max: number;
  filled: number;
  drained: number;
  /** first − last + filled − drained; negative when a small top-up outweighs a parked day's use. */
  used: number;
  fills: number;
  drains: number;
  /** The FUEL_EVENTS_MAX largest events, in time order (the totals count every event). */
  events: FuelEvent[];
}

/** The level through the day for the chart (track_day_shapes.fuel): the last per bucket. */
export interface FuelSeries {
  unit: FuelUnit;
  t: number[];
  v: number[];
}

interface Reading {
  fix: FuelFix;
  value: number;
}

const round = (v: number) => roundTo(v, FUEL_DECIMALS);

function majorityUnit(fixes: readonly FuelFix[]): FuelUnit | null {
  let l = 0;
  let pct = 0;
  for (const f of fixes) {
    if (f.fuel?.unit === 'l') l++;
    else if (f.fuel?.unit === 'pct') pct++;
  }
  if (!l && !pct) return null;
  return l >= pct ? 'l' : 'pct';
}

const readingsOf = (fixes: readonly FuelFix[], unit: FuelUnit): Reading[] =>
  fixes.flatMap((fix) => (fix.fuel?.unit === unit ? [{ fix, value: fix.fuel.value }] : []));

/**
 * For each step of the path (reading k to k + 1), whether every fix from reading k up to
 * reading k + 1 is stopped. `fixes` holds every fix from the path's first reading on.
 */
function parkedSteps(path: readonly Reading[], fixes: readonly FuelFix[], next?: TrackFix): boolean[] {
  const moving = fixes.map((f, i) => !isStopped(f, fixes[i + 1] ?? next));
  const out: boolean[] = [];
  let i = 0;
  for (let k = 0; k + 1 < path.length; k++) {
    while (i < fixes.length && fixes[i].t < path[k].fix.t) i++;
    let parked = true;
    for (let j = i; j < fixes.length && fixes[j].t < path[k + 1].fix.t; j++) if (moving[j]) parked = false;
    out.push(parked);
  }
  return out;
}

interface Path {
  unit: FuelUnit;
  readings: Reading[];
  /** Smoothed levels of `readings`. */
  level: number[];
  /** Index of the day's first reading in `readings` (1 when the path starts the day before). */
  dayAt: number;
  parked: boolean[];
}

function levelPath(input: FuelDayInput, settings: FuelSettings): Path | null {
  const unit = majorityUnit(input.fixes);
  if (!unit) return null;
  const day = readingsOf(input.fixes, unit);
  if (day.every((r) => r.value === 0)) return null;
  const before = readingsOf(input.before ?? [], unit)
    .filter((r) => r.fix.t < input.from && r.fix.t >= input.from - DAY_MS)
    .slice(-FUEL_CONTEXT_READINGS);
  const after = readingsOf(input.after ?? [], unit)
    .filter((r) => r.fix.t >= input.to && r.fix.t < input.to + DAY_MS)
    .slice(0, FUEL_CONTEXT_READINGS);
  const all = [...before, ...day, ...after];
  const smooth = medianSmooth(
    all.map((r) => r.value),
    settings.medianRadius,
  );
  const start = Math.max(0, before.length - 1);
  const end = before.length + day.length;
  const readings = all.slice(start, end);
  const anchor = before.length ? before[before.length - 1].fix.t : -Infinity;
  const fixes = [...(input.before ?? []).filter((f) => f.t >= anchor && f.t < input.from), ...input.fixes];
  return {
    unit,
    readings,
    level: smooth.slice(start, end),
    dayAt: before.length ? 1 : 0,
    parked: parkedSteps(readings, fixes, input.after?.[0]),
  };
}

function event(p: Path, kind: FuelEventKind, a: number, b: number, noise: number): FuelEvent {
  const [from, to] = moveCore(p.level, a, b, noise);
  const at = p.readings[to].fix;
  return {
    kind,
    from: p.readings[from].fix.t,
    to: at.t,
    amount: round(Math.abs(p.level[b] - p.level[a])),
    before: round(p.level[a]),
    after: round(p.level[b]),
    lat: roundTo(at.lat, FIGURE_DECIMALS.lat),
    lon: roundTo(at.lon, FIGURE_DECIMALS.lon),
  };
}

/** Fills and suspected drains of a path (step 4 of the rule). */
function fuelEvents(p: Path, s: FuelSettings): FuelEvent[] {
  const noise = s.noise[p.unit];
  const t = p.readings.map((r) => r.fix.t);
  const out: FuelEvent[] = [];
  for (const leg of fuelLegs(p.level, noise)) {
    if (leg.dir === 1 && p.level[leg.b] - p.level[leg.a] >= s.fillMin[p.unit]) {
      out.push(event(p, 'fill', leg.a, leg.b, noise));
      continue;
    }
    if (leg.dir !== -1) continue;
    // Stretches of parked steps inside the fall: readings q0..q1.
    for (let k = leg.a; k < leg.b; k++) {
      if (!p.parked[k]) continue;
      const q0 = k;
      while (k < leg.b && p.parked[k]) k++;
      const q1 = k;
      const min = s.drainMin[p.unit];
      if (p.level[q0] - p.level[q1] >= min && fallsWithin(t, p.level, q0, q1, min, s.drainWindowMs))
        out.push(event(p, 'drain', q0, q1, noise));
    }
  }
  return out;
}

/** The fuel of a day, or null when the device reported no level that day (no sensor). */
export function fuelDay(input: FuelDayInput): { day: FuelDay; series: FuelSeries } | null {
  const settings = input.settings ?? FUEL_DEFAULTS;
  const p = levelPath(input, settings);
  if (!p) return null;
  const events = fuelEvents(p, settings);
  const sum = (kind: FuelEventKind) =>
    round(events.filter((e) => e.kind === kind).reduce((a, e) => a + e.amount, 0));
  const first = round(p.level[0]);
  const last = round(p.level[p.level.length - 1]);
  const filled = sum('fill');
  const drained = sum('drain');
  const kept = [...events]
    .sort((a, b) => b.amount - a.amount)
    .slice(0, FUEL_EVENTS_MAX)
    .sort((a, b) => a.from - b.from);
  const day: FuelDay = {
    unit: p.unit,
    readings: p.readings.length - p.dayAt,
    first,
    last,
    min: round(Math.min(...p.level)),
    max: round(Math.max(...p.level)),
    filled,
    drained,
    used: round(first - last + filled - drained),
    fills: events.filter((e) => e.kind === 'fill').length,
    drains: events.filter((e) => e.kind === 'drain').length,
    events: kept,
  };
  return { day, series: fuelSeries(p, DAY_BUCKET_MS) };
}

/** The day's smoothed levels, the last of each bucket (288 at most with 5-minute buckets). */
function fuelSeries(p: Path, bucketMs: number): FuelSeries {
  const out: FuelSeries = { unit: p.unit, t: [], v: [] };
  let bucket = NaN;
  for (let k = p.dayAt; k < p.readings.length; k++) {
    const t = p.readings[k].fix.t;
    const b = Math.floor(t / bucketMs);
    if (b === bucket) {
      out.t[out.t.length - 1] = t;
      out.v[out.v.length - 1] = round(p.level[k]);
    } else {
      out.t.push(t);
      out.v.push(round(p.level[k]));
      bucket = b;
    }
  }
  return out;
}
