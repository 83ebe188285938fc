import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The web build's stand-in for `side-channel` (vite.config.ts alias); the real package is what
// node's qs uses, so the two must answer alike.
const require = createRequire(import.meta.url);
type Channel = {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};
const stub = require('../../src/shell/slim/side-channel.cjs') as () => Channel;
const real = require('side-channel') as () => Channel;

describe.each([
  ['stand-in', stub],
  ['side-channel', real],
])('%s', (_name, getSideChannel) => {
  it('keeps values per object and primitive key, per channel', () => {
    const a = getSideChannel();
    const b = getSideChannel();
    const key = {};
    a.set(key, 1);
    a.set('k', 2);
    expect([a.get(key), a.get('k'), a.has(key), b.has(key), a.get({})]).toEqual([1, 2, true, false, undefined]);
    expect(a.delete(key)).toBe(true);
    expect([a.has(key), a.delete(key)]).toEqual([false, false]);
  });

  it('assert throws a TypeError for a missing key only', () => {
    const c = getSideChannel();
    c.set('present', 0);
    expect(() => c.assert('present')).not.toThrow();
    expect(() => c.assert('absent')).toThrow(TypeError);
  });
});
