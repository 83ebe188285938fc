import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { sessions } from '../../server/db/schema/sessions';
import { hashToken } from '../../server/services/sessions';
import { closeDatabase, startHarness, type Harness } from './harness';

/** The shipped login limits, not the harness's generous test ones. */
const realLimits = () => loadConfig({}).loginRate;

let plain: Harness;
beforeAll(async () => {
  plain = await startHarness({ loginRate: realLimits() });
});
afterAll(async () => {
  await plain.close();
  await closeDatabase();
});

/** A login from the test's socket address (127.0.0.1) claiming to be forwarded for `forwardedFor`. */
const loginVia = (h: Harness, forwardedFor: string, username: string, password = 'wrong-guess') =>
  h.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('client address behind proxies (TRUST_PROXY)', () => {
  it('trusts no proxy by default: 40 wrong logins with 40 different X-Forwarded-For meet the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await loginVia(plain, `203.0.113.${i + 1}`, `nobody-${i}`)).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBe(40 - realLimits().perIpPerMinute);
    expect(statuses.slice(0, realLimits().perIpPerMinute).every((s) => s === 200)).toBe(true);
  });

  it('with TRUST_PROXY naming the socket address, the forwarded address is the client address', async () => {
    const h = await startHarness({ loginRate: realLimits(), trustProxy: ['127.0.0.1'] }, { seed: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await loginVia(h, `198.51.100.${i + 1}`, `nobody-${i}`)).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const ok = await loginVia(h, '198.51.100.77', 'agent', '123456');
      const [row] = await h.handle.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(ok.json().data.token)));
      expect(row?.ip).toBe('198.51.100.77');
    } finally {
      await h.close();
    }
  });

  it('a proxy not named is not believed, even with a CIDR list set', async () => {
    const h = await startHarness({ loginRate: realLimits(), trustProxy: ['10.0.0.0/8'] }, { seed: false });
    try {
      const ok = await loginVia(h, '198.51.100.78', 'agent', '123456');
      const [row] = await h.handle.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(ok.json().data.token)));
      expect(row?.ip).toBe('127.0.0.1');
    } finally {
      await h.close();
    }
  });
});
