import { describe, expect, it } from 'vitest';
import { cachedCount, clearCountCache, SharedAnswers } from '../../../server/services/devices/count-cache';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('shared list totals', () => {
  it('shares one count between identical requests for a while, then refreshes it behind the old answer', async () => {
    clearCountCache();
    let runs = 0;
    const count = async () => ++runs;
    const t0 = 1_000_000;
    const [a, b] = await Promise.all([cachedCount('k', count, t0), cachedCount('k', count, t0 + 10)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await cachedCount('k', count, t0 + 4_999)).toBe(1);
    expect(await cachedCount('other', count, t0 + 10)).toBe(2);
    // Past its time the old total still answers, while one refresh runs for the next caller.
    const [stale, same] = [cachedCount('k', count, t0 + 5_000), cachedCount('k', count, t0 + 5_001)];
    expect([await stale, await same]).toEqual([1, 1]);
    await settle();
    expect(runs).toBe(3);
    expect(await cachedCount('k', count, t0 + 5_002)).toBe(3);
  });
  it('keeps a costly count fresh for longer, in proportion to its cost', async () => {
    clearCountCache();
    let runs = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 200));
    expect(await cachedCount('slow', slow, 0)).toBe(1);
    // 200 ms of work: fresh for about 50 times that (10 s), not the 5 s floor.
    expect(await cachedCount('slow', slow, 9_000)).toBe(1);
    await settle();
    expect(runs).toBe(1);
  });
  it('forgets failures and everything on clear, even a refresh under way', async () => {
    clearCountCache();
    await expect(cachedCount('x', () => Promise.reject(new Error('db down')), 1)).rejects.toThrow('db down');
    await settle();
    expect(await cachedCount('x', async () => 7, 2)).toBe(7);
    // A failed refresh keeps the old answer.
    expect(await cachedCount('x', () => Promise.reject(new Error('db down')), 10_000)).toBe(7);
    await settle();
    let release = (_: number) => {};
    expect(await cachedCount('x', () => new Promise<number>((r) => (release = r)), 20_000)).toBe(7);
    clearCountCache();
    release(9);
    await settle();
    expect(await cachedCount('x', async () => 8, 20_001)).toBe(8);
  });
  it('answers kept stale on a clear are given once more while they are recomputed', async () => {
    const maps = new SharedAnswers<string>(4, true);
    expect(await maps.get('m', async () => 'old', 0)).toBe('old');
    clearCountCache();
    expect(await maps.get('m', async () => 'new', 1)).toBe('old');
    await settle();
    expect(await maps.get('m', async () => 'newer', 2)).toBe('new');
  });
});
