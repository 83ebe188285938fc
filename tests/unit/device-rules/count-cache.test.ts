import { describe, expect, it } from 'vitest';
import { cachedCount, clearCountCache } from '../../../server/services/devices/count-cache';

describe('shared list totals', () => {
  it('shares one count between identical requests for a while, then counts again', async () => {
    clearCountCache();
    let runs = 0;
    const count = async () => ++runs;
    const t0 = 1_000_000;
    const [a, b] = await Promise.all([cachedCount('k', count, t0), cachedCount('k', count, t0 + 10)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await cachedCount('k', count, t0 + 4_999)).toBe(1);
    expect(await cachedCount('other', count, t0 + 10)).toBe(2);
    expect(await cachedCount('k', count, t0 + 5_000)).toBe(3);
  });
  it('forgets failures and everything on clear', async () => {
    clearCountCache();
    await expect(cachedCount('x', () => Promise.reject(new Error('db down')), 1)).rejects.toThrow('db down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cachedCount('x', async () => 7, 2)).toBe(7);
    clearCountCache();
    expect(await cachedCount('x', async () => 8, 3)).toBe(8);
  });
});
