/**
 * The fuel report of one device over a range, from its stored days (fuel.ts FuelDay, and the
 * day's distance from the track rollup: track_days.mileage_m, the mileage rule of
 * track/mileage.ts). The same function gives one day's figures (a range of one day).
 *
 * - No day with a level: `{ sensor: false }`, never zeros.
 * - Percent sensors are converted to litres when the tank's size is known (every figure is a
 *   level or a difference of levels, so the conversion is exact); otherwise the report stays in
 *   percent and per 100 km is in %/100 km. A device whose days differ in unit (a firmware
 *   change) is reported in the unit of most days; the other days are listed as skipped.
 * - used is the sum of the days' used (each a balance, see fuel.ts), shown as 0 when negative;
 *   per 100 km divides it by the distance of the days with a level, over FUEL_RATE_MIN_KM only.
 */
import { roundTo } from '../track/figures';
import type { FuelUnit } from './fuel-reading';
import type { FuelDay, FuelEvent } from './fuel';
import { FUEL_DECIMALS, FUEL_RATE_MIN_KM } from './fuel-rules';

/** What the report reads per device and day: the rollup's distance and stored fuel. */
export interface FuelDayRow {
  day: string;
  /** track_days.mileage_m */
  mileageM: number;
  /** track_days.fuel; null: no level that day. */
  fuel: FuelDay | null;
}

export interface FuelRangeOptions {
  /** The tank's size in litres, when known: percent levels become litres. */
  tankL?: number | null;
}

export interface FuelFigures {
  first: number;
  last: number;
  min: number;
  max: number;
  filled: number;
  drained: number;
  /** Fuel used (0 when the balance is negative). */
  used: number;
  fills: number;
  drains: number;
  /** Distance of the days with a level. */
  km: number;
  /** used per 100 km in the report's unit (L/100 km or %/100 km); null under FUEL_RATE_MIN_KM. */
  per100km: number | null;
}

export type FuelDayFigures = { day: string } & ({ sensor: false } | ({ sensor: true } & FuelFigures));

export type FuelReport =
  | { sensor: false }
  | {
      sensor: true;
      unit: FuelUnit;
      /** Percent levels were converted with this tank size. */
      tankL: number | null;
      totals: FuelFigures;
      /** Every day of the rows, in their order. */
      days: FuelDayFigures[];
      /** Fills and drains of the range in time order. */
      events: FuelEvent[];
      /** Days left out because their unit differs from the report's. */
      skipped: string[];
    };

const round = (v: number) => roundTo(v, FUEL_DECIMALS);

/** A stored day in the report's unit (litres from percent with the tank size). */
function inUnit(d: FuelDay, factor: number): FuelDay {
  if (factor === 1) return d;
  const k = (v: number) => round(v * factor);
  return {
    ...d,
    unit: 'l',
    first: k(d.first),
    last: k(d.last),
    min: k(d.min),
    max: k(d.max),
    filled: k(d.filled),
    drained: k(d.drained),
    used: k(d.used),
    events: d.events.map((e) => ({ ...e, amount: k(e.amount), before: k(e.before), after: k(e.after) })),
  };
}

function figures(days: readonly FuelDay[], metres: number): FuelFigures {
  const sum = (f: (d: FuelDay) => number) => days.reduce((a, d) => a + f(d), 0);
  const used = Math.max(0, round(sum((d) => d.used)));
  const km = metres / 1000;
  return {
    first: days[0].first,
    last: days[days.length - 1].last,
    min: Math.min(...days.map((d) => d.min)),
    max: Math.max(...days.map((d) => d.max)),
    filled: round(sum((d) => d.filled)),
    drained: round(sum((d) => d.drained)),
    used,
    fills: sum((d) => d.fills),
    drains: sum((d) => d.drains),
    km: roundTo(km, 1),
    per100km: km >= FUEL_RATE_MIN_KM ? round((used / km) * 100) : null,
  };
}

export function combineFuelDays(rows: readonly FuelDayRow[], options: FuelRangeOptions = {}): FuelReport {
  const withFuel = rows.filter((r) => r.fuel);
  if (!withFuel.length) return { sensor: false };
  const tankL = options.tankL && options.tankL > 0 ? options.tankL : null;
  const count = (u: FuelUnit) => withFuel.filter((r) => r.fuel!.unit === u).length;
  const unit: FuelUnit = tankL || count('l') >= count('pct') ? 'l' : 'pct';
  const factorOf = (d: FuelDay) => (d.unit === 'pct' && unit === 'l' && tankL ? tankL / 100 : 1);
  const usable = (d: FuelDay) => d.unit === unit || factorOf(d) !== 1;
  const kept: FuelDay[] = [];
  let metres = 0;
  const days: FuelDayFigures[] = rows.map((r) => {
    if (!r.fuel || !usable(r.fuel)) return { day: r.day, sensor: false };
    const d = inUnit(r.fuel, factorOf(r.fuel));
    kept.push(d);
    metres += r.mileageM;
    return { day: r.day, sensor: true, ...figures([d], r.mileageM) };
  });
  return {
    sensor: true,
    unit,
    tankL: unit === 'l' && withFuel.some((r) => r.fuel!.unit === 'pct') ? tankL : null,
    totals: figures(kept, metres),
    days,
    events: kept.flatMap((d) => d.events).sort((a, b) => a.from - b.from),
    skipped: withFuel.filter((r) => !usable(r.fuel!)).map((r) => r.day),
  };
}
