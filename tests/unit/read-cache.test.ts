import { afterEach, describe, expect, it } from 'vitest';
import { clearReadCaches, ReadCache, setReadCacheTtl } from '../../server/lib/read-cache';

afterEach(() => setReadCacheTtl(2000));

describe('ReadCache', () => {
  it('shares one load between callers within the TTL and reloads after it', async () => {
    setReadCacheTtl(1000);
    const cache = new ReadCache<number>();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load, 999)).toBe(1);
    expect(await cache.get('k', load, 1000)).toBe(2);
    expect(await cache.get('other', load, 1000)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache<number>();
    await expect(cache.get('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('k', async () => 7, 1)).toBe(7);
  });

  it('is emptied by clearReadCaches and delete, and off with a TTL of 0', async () => {
    const cache = new ReadCache<string>();
    await cache.get('a', async () => 'old', 0);
    await cache.get('b', async () => 'old', 0);
    clearReadCaches();
    expect(await cache.get('a', async () => 'new', 1)).toBe('new');
    cache.delete('a');
    expect(await cache.get('a', async () => 'newer', 2)).toBe('newer');
    setReadCacheTtl(0);
    let loads = 0;
    await cache.get('c', async () => String(++loads));
    await cache.get('c', async () => String(++loads));
    expect(loads).toBe(2);
  });
});
