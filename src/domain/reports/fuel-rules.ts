/**
 * Settings of the fuel report, with the defaults and why. Amounts are in the sensor's unit:
 * litres, or percent of the tank for percent-only sensors (converted to litres afterwards when
 * the tank's size is known, see fuel-range.ts).
 */
import type { FuelUnit } from './fuel-reading';

export interface FuelSettings {
  /** A rise at least this large is a fill. */
  fillMin: Record<FuelUnit, number>;
  /** A parked fall at least this large within `drainWindowMs` is a suspected drain (theft). */
  drainMin: Record<FuelUnit, number>;
  drainWindowMs: number;
  /** A movement against the current direction up to this size is noise, not a turn. */
  noise: Record<FuelUnit, number>;
  /** Readings on each side of a reading whose median replaces it. */
  medianRadius: number;
}

/**
 * - fillMin 10 L / 10 %: the smallest fill worth a row (a jerrycan is 20 L), and well above
 *   what remains of sloshing after the median (a 60 L car tank on a slope reads 2 to 3 L off).
 * - drainMin 10 L / 10 % within 60 minutes while parked: idling burns 1 to 4 L an hour (cars to
 *   heavy trucks), so it never reaches 10 L in the window, while siphoning 10 L takes minutes;
 *   60 minutes (not less) so that trackers reporting every 5 to 30 minutes while parked still
 *   have two readings inside the window.
 * - noise 2 L / 2 %: above a resting sensor's resolution (0.1 L for 808 item 0x02, 1 % for CAN
 *   levels) and what the median leaves of the road's sloshing, far below the 10-unit events.
 * - median of 5 readings (2 each side): a spike of one or two readings (a braking slosh, a bad
 *   read) is gone, while a step (a fill, a drain) keeps its full height and place. The first and
 *   last readings a device has around a day (no reading the day before or after: a new device,
 *   today so far) stay as read, so a spike there is not removed.
 */
export const FUEL_DEFAULTS: Readonly<FuelSettings> = {
  fillMin: { l: 10, pct: 10 },
  drainMin: { l: 10, pct: 10 },
  drainWindowMs: 60 * 60_000,
  noise: { l: 2, pct: 2 },
  medianRadius: 2,
};

/**
 * Readings of the day before and after a day that its computation reads: its smoothing reaches
 * `medianRadius` readings across midnight, and the last reading before midnight is where the
 * day's level starts (so that consecutive days chain without a gap).
 */
export const FUEL_CONTEXT_READINGS = 3;

/** Per 100 km only over at least this distance: a 1 L reading step over 5 km would be 20 L/100 km. */
export const FUEL_RATE_MIN_KM = 20;

/** Fill and drain rows a stored day keeps at most (the largest); its totals count them all. */
export const FUEL_EVENTS_MAX = 20;

/** Levels, amounts and rates are given to 0.1 (L or %). */
export const FUEL_DECIMALS = 1;
