/**
 * When a failed notice is tried again. A receiver that is down for a moment gets the notice
 * seconds later; one down for longer is tried for about an hour and a quarter in all, then the
 * notice is marked failed (it stays in the log with its last error).
 */
export const DEFAULT_BACKOFF_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 3_600_000];

/**
 * The pause before the next attempt once `attempts` attempts have failed (1 after the first),
 * or null when the schedule is spent: the notice has failed for good.
 */
export function retryDelay(
  attempts: number,
  schedule: readonly number[] = DEFAULT_BACKOFF_MS,
): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) return schedule[0] ?? null;
  return attempts <= schedule.length ? schedule[attempts - 1] : null;
}

/** Attempts a notice gets at most: the first and one per pause of the schedule. */
export const maxAttempts = (schedule: readonly number[] = DEFAULT_BACKOFF_MS) => schedule.length + 1;
