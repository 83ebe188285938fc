import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF_MS, maxAttempts, retryDelay } from '../../../server/notify/backoff';

describe('retry schedule', () => {
  it('waits 5 s, 30 s, 2 min, 10 min and 1 h after the 1st to 5th failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n))).toEqual([5_000, 30_000, 120_000, 600_000, 3_600_000]);
  });

  it('gives up after the sixth attempt', () => {
    expect(retryDelay(6)).toBeNull();
    expect(retryDelay(100)).toBeNull();
    expect(maxAttempts()).toBe(6);
  });

  it('follows an injected schedule', () => {
    const fast = [10, 20];
    expect(retryDelay(1, fast)).toBe(10);
    expect(retryDelay(2, fast)).toBe(20);
    expect(retryDelay(3, fast)).toBeNull();
    expect(maxAttempts(fast)).toBe(3);
    expect(retryDelay(1, [])).toBeNull();
  });

  it('treats a count below one as the first failure', () => {
    expect(retryDelay(0)).toBe(DEFAULT_BACKOFF_MS[0]);
    expect(retryDelay(-3)).toBe(DEFAULT_BACKOFF_MS[0]);
  });
});
