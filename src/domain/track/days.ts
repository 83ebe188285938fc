/**
 * Calendar days of the platform time zone (GMT+8). Rollups, statistics and the pieces a track
 * range is cut into all use these, so "a day" means the same thing on every screen.
 */
import { PLATFORM_OFFSET_MS } from './rules';

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the platform day holding the instant `ms`. */
export function dayOf(ms: number): string {
  return new Date(ms + PLATFORM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant (UTC ms) a platform day starts. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - PLATFORM_OFFSET_MS;
}

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
