/** The range shortcuts of playback, in the browser's time zone. */
import dayjs from 'dayjs';
import type { TrackRange } from './api';

export type RangeShortcut = 'today' | 'yesterday' | 'last7Days' | 'custom';

/** Today: from midnight to now; yesterday: the whole day; last 7 days: the 7 days to now. */
export function rangeOf(s: RangeShortcut, now: number): TrackRange {
  const midnight = dayjs(now).startOf('day');
  switch (s) {
    case 'yesterday':
      return { from: midnight.subtract(1, 'day').valueOf(), to: midnight.valueOf() };
    case 'last7Days':
      return { from: dayjs(now).subtract(7, 'day').valueOf(), to: now };
    default:
      return { from: midnight.valueOf(), to: now };
  }
}

/** A range passed in the page's address (epoch ms), or null when absent or not a range. */
export function linkedRangeOf(from: string | null, to: string | null): TrackRange | null {
  const a = Number(from);
  const b = Number(to);
  return from && to && Number.isFinite(a) && Number.isFinite(b) && b > a ? { from: a, to: b } : null;
}
