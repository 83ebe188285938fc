/**
 * The day rule: where a day starts and ends, and in which time zone times are written.
 *
 * Every account's days are the platform's (spec section 9: "zone offset fixed at minus 8 hours",
 * i.e. GMT+8): the daily rollups behind statistics and long playbacks are cut there, so the
 * account zone cannot differ without those days meaning something else on another screen.
 * Playback's "Today", the statistics ranges, the alarm ranges, the "expires in N days" counts
 * and every date shown use this one rule, never the browser's zone.
 *
 * Pure: the zone (minutes east of UTC) and `now` are parameters, so tests pin both.
 */
import { ZONE_OFFSET_HOURS } from './constants';

/** Minutes east of UTC (GMT+8 is 480, GMT-3:30 is -210). */
export type ZoneOffset = number;

/** The platform's zone: the spec's offset is how far UTC is from it, hence the sign. */
export const PLATFORM_ZONE: ZoneOffset = -ZONE_OFFSET_HOURS * 60;

/** The zone every account's days are cut in and its times written (see above). */
export const ACCOUNT_ZONE: ZoneOffset = PLATFORM_ZONE;

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** "GMT+8", "GMT-3:30", "GMT" (UTC): how the screens name the zone their days are cut in. */
export function zoneLabel(zone: ZoneOffset): string {
  if (zone === 0) return 'GMT';
  const sign = zone > 0 ? '+' : '-';
  const h = Math.floor(Math.abs(zone) / 60);
  const m = Math.abs(zone) % 60;
  return `GMT${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The wall clock of the zone at instant `ms`. Months run 1 to 12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export function wallClock(ms: number, zone: ZoneOffset): WallClock {
  const d = new Date(ms + zone * MINUTE_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/** The instant the zone's clock shows `w` (fields left out are 0, the day 1). */
export function fromWallClock(
  w: Partial<WallClock> & { year: number; month: number },
  zone: ZoneOffset,
): number {
  const utc = Date.UTC(
    w.year,
    w.month - 1,
    w.day ?? 1,
    w.hour ?? 0,
    w.minute ?? 0,
    w.second ?? 0,
    w.millisecond ?? 0,
  );
  return utc - zone * MINUTE_MS;
}

/** `YYYY-MM-DD` of the zone's day holding the instant `ms`. */
export function dayOf(ms: number, zone: ZoneOffset): string {
  return new Date(ms + zone * MINUTE_MS).toISOString().slice(0, 10);
}

/** The instant (UTC ms) the zone's day `YYYY-MM-DD` starts. */
export function dayStart(day: string, zone: ZoneOffset): number {
  return Date.parse(`${day}T00:00:00Z`) - zone * MINUTE_MS;
}

/** The zone's midnight starting the day that holds `ms`. */
export const startOfDay = (ms: number, zone: ZoneOffset): number => dayStart(dayOf(ms, zone), zone);

/** Whole days from the day of `from` to the day of `to` in the zone (negative when `to` is earlier). */
export const daysBetween = (from: number, to: number, zone: ZoneOffset): number =>
  Math.round((dayStart(dayOf(to, zone), zone) - dayStart(dayOf(from, zone), zone)) / DAY_MS);
