import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazyModule';

describe('lazyModule', () => {
  it('imports once, however often it is asked, and then has the module at hand', async () => {
    let calls = 0;
    const mod = { name: 'select' };
    const lazy = lazyModule(async () => {
      calls++;
      return mod;
    });
    expect(lazy.current()).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(mod);
    expect(b).toBe(mod);
    expect(await lazy.load()).toBe(mod);
    expect(calls).toBe(1);
    expect(lazy.current()).toBe(mod);
  });

  it('tries again after a failed import (offline, or a chunk gone after a deployment)', async () => {
    let calls = 0;
    const lazy = lazyModule(async () => {
      calls++;
      if (calls === 1) throw new Error('Failed to fetch dynamically imported module');
      return { ok: true };
    });
    await expect(lazy.load()).rejects.toThrow('Failed to fetch');
    expect(lazy.current()).toBeUndefined();
    expect(await lazy.load()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
