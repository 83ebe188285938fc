/** The range shortcuts of playback, cut at the account zone's midnights (src/domain/time-zone.ts). */
import { DAY_MS, startOfDay, type ZoneOffset } from '../../domain/time-zone';
import type { TrackRange } from './api';

export type RangeShortcut = 'today' | 'yesterday' | 'last7Days' | 'custom';

/** Today: from the zone's midnight to now; yesterday: the whole day before; last 7 days: the 7 days to now. */
export function rangeOf(s: RangeShortcut, now: number, zone: ZoneOffset): TrackRange {
  const midnight = startOfDay(now, zone);
  switch (s) {
    case 'yesterday':
      return { from: startOfDay(midnight - 1, zone), to: midnight };
    case 'last7Days':
      return { from: now - 7 * DAY_MS, to: now };
    default:
      return { from: midnight, to: now };
  }
}

/** A range passed in the page's address (epoch ms), or null when absent or not a range. */
export function linkedRangeOf(from: string | null, to: string | null): TrackRange | null {
  const a = Number(from);
  const b = Number(to);
  return from && to && Number.isFinite(a) && Number.isFinite(b) && b > a ? { from: a, to: b } : null;
}

/**
 * What the play clock and the speed chart span: the first to the last fix of the played tracks
 * (at 1x, a "Today" played from midnight stood still for minutes before a 19:03 first fix), or
 * the requested range when no track has a point.
 */
export function playedSpan(
  tracks: readonly { points: { t: readonly number[] } }[],
  range: TrackRange,
): TrackRange {
  let from = Infinity;
  let to = -Infinity;
  for (const tr of tracks) {
    const t = tr.points.t;
    if (!t.length) continue;
    from = Math.min(from, t[0]);
    to = Math.max(to, t[t.length - 1]);
  }
  return from <= to ? { from, to: Math.max(to, from + 1) } : range;
}
