/**
 * Calendar days of the account zone (../time-zone.ts: the platform's, GMT+8). Rollups,
 * statistics and the pieces a track range is cut into all use these, so "a day" means the same
 * thing on every screen.
 */
import { ACCOUNT_ZONE, DAY_MS, dayOf as zoneDayOf, dayStart as zoneDayStart } from '../time-zone';

export { DAY_MS };

/** `YYYY-MM-DD` of the account day holding the instant `ms`. */
export const dayOf = (ms: number): string => zoneDayOf(ms, ACCOUNT_ZONE);

/** The instant (UTC ms) an account day starts. */
export const dayStart = (day: string): number => zoneDayStart(day, ACCOUNT_ZONE);

export function addDays(day: string, n: number): string {
  return dayOf(dayStart(day) + n * DAY_MS);
}

/** Every day from `first` to `last`, both included (empty when last < first). */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = dayStart(first), end = dayStart(last); t <= end; t += DAY_MS) out.push(dayOf(t));
  return out;
}

/** One piece of a range: a whole day or the part of one inside the range. */
export interface DayPiece {
  day: string;
  from: number;
  to: number;
  /** The piece is the whole day. */
  full: boolean;
}

/** [from, to) cut at platform midnights. */
export function dayPieces(from: number, to: number): DayPiece[] {
  const out: DayPiece[] = [];
  let t = from;
  while (t < to) {
    const day = dayOf(t);
    const start = dayStart(day);
    const end = start + DAY_MS;
    const pieceTo = Math.min(end, to);
    out.push({ day, from: t, to: pieceTo, full: t === start && pieceTo === end });
    t = pieceTo;
  }
  return out;
}
