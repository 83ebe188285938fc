import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../server/services/login-limiter';

const limits = { perIpPerMinute: 100, failuresPerUsername: 3, usernameWindowSeconds: 60, nameLookupsPerHour: 2 };

describe('LoginLimiter', () => {
  it('locks the pair account + address, not the account for every address', async () => {
    const l = new LoginLimiter(limits);
    for (let i = 0; i < 3; i++) await l.recordFailure('Demo', '10.0.0.1');
    expect(await l.allow('10.0.0.1', 'demo')).toBe(false);
    expect(await l.allow('10.0.0.2', 'demo')).toBe(true);
    expect(await l.allow('10.0.0.1', 'agent')).toBe(true);
  });

  it('counts every attempt against the address', async () => {
    const l = new LoginLimiter({ ...limits, perIpPerMinute: 2 });
    expect([await l.allow('10.0.0.1', 'a'), await l.allow('10.0.0.1', 'b'), await l.allow('10.0.0.1', 'c')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('password checks: failures per account, a right one clears them', async () => {
    const l = new LoginLimiter(limits);
    await l.recordCheck(7, false);
    await l.recordCheck(7, false);
    await l.recordCheck(7, true);
    for (let i = 0; i < 3; i++) await l.recordCheck(7, false);
    expect(await l.allowCheck(7)).toBe(false);
    expect(await l.allowCheck(8)).toBe(true);
  });

  it('name lookups per caller', async () => {
    const l = new LoginLimiter(limits);
    await l.countLookup(5);
    expect(await l.canLookup(5)).toBe(true);
    await l.countLookup(5);
    expect(await l.canLookup(5)).toBe(false);
    expect(await l.canLookup(6)).toBe(true);
  });
});
