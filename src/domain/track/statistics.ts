/**
 * Rules of the statistics screens (spec sections 7 and 9, issue 11) shared by the server and
 * the web app: ranges, the reports, battery levels and the models without a battery reading.
 */
import { STATISTICS_PAGE_SIZE } from '../constants';
import { TIRE_MODEL } from '../tire';
import { addDays, dayOf } from './days';

/** "3 months" of the export ranges is at most 92 days; every report covers at most this. */
export const STATS_MAX_DAYS = 92;
export const STATS_PAGE_SIZE = STATISTICS_PAGE_SIZE;

/** The reports of /index/count/* and their export names. */
export const STATS_REPORTS = ['mileage', 'alarms', 'stays', 'trackInfo', 'pastDue', 'battery'] as const;
export type StatsReport = (typeof STATS_REPORTS)[number];

/** Spec section 9: export ranges of 1 week, 1 month and 3 months. */
export const EXPORT_RANGES = ['week', 'month', 'threeMonths'] as const;
export type ExportRange = (typeof EXPORT_RANGES)[number];

/** The platform days an export range covers, ending with the day of `now`. */
export function exportRangeDays(range: ExportRange, now: number): { startDate: string; endDate: string } {
  const endDate = dayOf(now);
  if (range === 'week') return { startDate: addDays(endDate, -6), endDate };
  const months = range === 'month' ? 1 : 3;
  const [y, m, d] = endDate.split('-').map(Number);
  // The same day of the month `months` back (clamped to that month's length), plus one day.
  const last = new Date(Date.UTC(y, m - 1 - months + 1, 0)).getUTCDate();
  const back = new Date(Date.UTC(y, m - 1 - months, Math.min(d, last))).toISOString().slice(0, 10);
  return { startDate: addDays(back, 1), endDate };
}

/** Battery bands of the battery screen (percent). */
export const BATTERY_LOW = 20;
export const BATTERY_MEDIUM = 50;
export type BatteryLevel = 'low' | 'medium' | 'high' | 'unknown';

export function batteryLevel(percent: number | null | undefined): BatteryLevel {
  if (percent == null) return 'unknown';
  if (percent < BATTERY_LOW) return 'low';
  if (percent < BATTERY_MEDIUM) return 'medium';
  return 'high';
}

/**
 * Device models (device_types.name) without a battery reading: wired vehicle trackers that
 * report external power only. The battery screen lists them apart instead of as "unknown".
 */
export const NO_BATTERY_MODELS: readonly string[] = [
  'GT06N',
  'GT800',
  'JM-VL01',
  'JT808-A',
  'Y808',
  'BSJ-A6',
  'K100',
  TIRE_MODEL,
];

export const hasBattery = (model: string) => !NO_BATTERY_MODELS.includes(model);
