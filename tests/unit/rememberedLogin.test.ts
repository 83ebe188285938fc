import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetRememberedLogin,
  readRememberedLogin,
  saveRememberedLogin,
} from '../../src/providers/rememberedLogin';

// The unit project runs in Node: a Map-backed localStorage is enough for this module.
const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
} as Storage;

beforeEach(() => store.clear());

describe('remember password', () => {
  it('round-trips the credentials without storing the password in plain text', () => {
    saveRememberedLogin({ username: 'agent', password: 's3cret-123' });
    const stored = [...store.values()].join('');
    expect(stored).not.toContain('s3cret-123');
    expect(stored).not.toContain('agent');
    expect(readRememberedLogin()).toEqual({ username: 'agent', password: 's3cret-123' });
  });
  it('forgets on request', () => {
    saveRememberedLogin({ username: 'agent', password: 'x' });
    forgetRememberedLogin();
    expect(readRememberedLogin()).toBeNull();
  });
  it('drops an unreadable value', () => {
    store.set('rememberedLogin', 'not a cipher');
    expect(readRememberedLogin()).toBeNull();
    expect(store.size).toBe(0);
  });
});
