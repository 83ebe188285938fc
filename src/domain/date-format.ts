/**
 * The one way dates are written, on every screen and in every export: the spec's
 * `YYYY-MM-DD HH:mm:ss` with numbers only, so it reads the same in all eleven languages, on the
 * account's wall clock (./time-zone.ts), never the browser's.
 */
import { ACCOUNT_ZONE, DAY_MS, startOfDay, wallClock, type ZoneOffset } from './time-zone';

/**
 * How much of a date is written: `second` 2026-11-28 20:19:05, `minute` 2026-11-28 20:19,
 * `date` 2026-11-28, `millis` 2026-11-28 20:19:05.123, `time` 20:19:05, `hourMinute` 20:19,
 * `monthDay` 11-28, `monthDayMinute` 11-28 20:19, `monthDaySecond` 11-28 20:19:05.
 */
export type DateStyle =
  | 'second'
  | 'minute'
  | 'date'
  | 'millis'
  | 'time'
  | 'hourMinute'
  | 'monthDay'
  | 'monthDayMinute'
  | 'monthDaySecond';

const p2 = (n: number) => String(n).padStart(2, '0');

/** Epoch ms of an instant given as ms, ISO text or Date; null when there is none or it is unreadable. */
export function instantOf(value: number | string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * An instant as the account reads it. Nothing gives ''; an unreadable text is shown as it came
 * (better than "Invalid Date").
 */
export function formatDateTime(
  value: number | string | Date | null | undefined,
  style: DateStyle = 'second',
  zone: ZoneOffset = ACCOUNT_ZONE,
): string {
  const ms = instantOf(value);
  if (ms === null) return value == null ? '' : String(value);
  const w = wallClock(ms, zone);
  const date = `${String(w.year).padStart(4, '0')}-${p2(w.month)}-${p2(w.day)}`;
  const monthDay = `${p2(w.month)}-${p2(w.day)}`;
  const hm = `${p2(w.hour)}:${p2(w.minute)}`;
  const hms = `${hm}:${p2(w.second)}`;
  switch (style) {
    case 'date':
      return date;
    case 'minute':
      return `${date} ${hm}`;
    case 'millis':
      return `${date} ${hms}.${String(w.millisecond).padStart(3, '0')}`;
    case 'time':
      return hms;
    case 'hourMinute':
      return hm;
    case 'monthDay':
      return monthDay;
    case 'monthDayMinute':
      return `${monthDay} ${hm}`;
    case 'monthDaySecond':
      return `${monthDay} ${hms}`;
    default:
      return `${date} ${hms}`;
  }
}

/** The date only (2026-11-28) of an instant. */
export const formatDate = (
  value: number | string | Date | null | undefined,
  zone: ZoneOffset = ACCOUNT_ZONE,
) => formatDateTime(value, 'date', zone);

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Tick steps of a time axis, from five minutes to a week. */
const STEPS = [
  5 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY_MS,
  2 * DAY_MS,
  7 * DAY_MS,
  14 * DAY_MS,
  30 * DAY_MS,
];

export interface AxisTick {
  t: number;
  label: string;
}

/**
 * Ticks of a time axis over [from, to] on the zone's clock: at most `max`, on round times of the
 * zone (whole hours, midnights). A midnight reads as its day (11-28), other ticks as the time
 * (03:00), so the axis is numbers in every language, like every other date.
 */
export function axisTicks(
  from: number,
  to: number,
  max: number,
  zone: ZoneOffset = ACCOUNT_ZONE,
): AxisTick[] {
  if (!(to > from) || max < 1) return [];
  const step = STEPS.find((s) => (to - from) / s <= max) ?? STEPS[STEPS.length - 1];
  const out: AxisTick[] = [];
  // Steps of a day or more count from the zone's midnights, shorter ones from the hour.
  let t = startOfDay(from, zone);
  if (step < DAY_MS) t += Math.ceil((from - t) / step) * step;
  else while (t < from) t += DAY_MS;
  for (; t <= to && out.length < max; t += step) {
    const midnight = t === startOfDay(t, zone);
    out.push({ t, label: formatDateTime(t, midnight ? 'monthDay' : 'hourMinute', zone) });
  }
  return out;
}
