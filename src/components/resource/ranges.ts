/**
 * Ranges of whole platform days for the report forms: the value of a `dateRange` field is
 * `[startDate, endDate]` as `YYYY-MM-DD`, exactly what the statistics requests take.
 */
import type { MessageKey } from '../../domain/messages';
import { DAY_MS, dayStart } from '../../domain/track/days';
import { EXPORT_RANGES, exportRangeDays, type ExportRange } from '../../domain/track/statistics';

export type DayRange = readonly [string, string];

/** The shortcuts of a range field: the spec's export ranges (1 week, 1 month, 3 months). */
export const RANGE_SHORTCUTS: readonly ExportRange[] = EXPORT_RANGES;

/** The days a shortcut covers, ending today (the same days the server's countExport uses). */
export function shortcutRange(shortcut: ExportRange, now: number): DayRange {
  const { startDate, endDate } = exportRangeDays(shortcut, now);
  return [startDate, endDate];
}

/** The shortcut a range equals today, if any. */
export function shortcutOf(range: DayRange | undefined, now: number): ExportRange | undefined {
  if (!range) return undefined;
  return RANGE_SHORTCUTS.find((s) => {
    const [a, b] = shortcutRange(s, now);
    return a === range[0] && b === range[1];
  });
}

const isDay = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);

export const isDayRange = (v: unknown): v is DayRange =>
  Array.isArray(v) && v.length === 2 && isDay(v[0]) && isDay(v[1]);

/** Days of a range, both ends included. */
export const rangeDayCount = ([a, b]: DayRange) => Math.round((dayStart(b) - dayStart(a)) / DAY_MS) + 1;

/** What is wrong with a range, as the server would say it: end before start, or too long. */
export function rangeProblem(range: DayRange, maxDays?: number): MessageKey | null {
  if (range[1] < range[0]) return 'rangeOrder';
  if (maxDays !== undefined && rangeDayCount(range) > maxDays) return 'statsRangeTooLong';
  return null;
}
