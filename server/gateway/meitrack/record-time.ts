/** Binary record times: seconds since 2000-01-01 UTC (CCC and CCE records). */
export const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
/** Records dated more than this ahead of the receive time are device clock faults. */
const LATEST_AHEAD_MS = 24 * 3600_000;

/** The record's UTC time; null when it is 0 (no clock) or too far ahead of `now`. */
export function recordTime(seconds: number, now: Date): Date | null {
  if (seconds === 0) return null;
  const ms = EPOCH_2000_MS + seconds * 1000;
  return ms > now.getTime() + LATEST_AHEAD_MS ? null : new Date(ms);
}

/** Seconds since 2000 of `time`, as the records carry it. */
export const recordSeconds = (time: Date): number =>
  Math.max(0, Math.round((time.getTime() - EPOCH_2000_MS) / 1000));
