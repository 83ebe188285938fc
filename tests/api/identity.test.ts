import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_LOOKUPS_PER_HOUR } from '../../src/domain/limits';
import { closeDatabase, startHarness, type Harness } from './harness';

// Who the client is, how long a session lasts, and how many guesses a password takes (issue 30).

const REAL_LIMITS = { perIpPerMinute: 1000, failuresPerUsername: 10, usernameWindowSeconds: 900 };
let h: Harness;
let agent: string;
let seq = 0;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

/** An end user of agent's of this test's own, with password 123456. */
async function ownAccount() {
  const username = `ident${Date.now().toString(36)}${seq++}`;
  const r = await h.post('/api/user/insertUser', { username, password: '123456', role: 3 }, agent);
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return username;
}

type Login = (
  username: string,
  password: string,
  forwardedFor?: string,
) => Promise<{ status: number; key?: string; token?: string }>;
const loginOn =
  (app: Harness['app']): Login =>
  async (username, password, forwardedFor) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    const body = r.json();
    return { status: r.statusCode, key: body.meta?.key, token: body.data?.token };
  };

describe('the client address', () => {
  it('X-Forwarded-For from an untrusted client changes nothing: 40 headers meet the address limit', async () => {
    const limits = { ...REAL_LIMITS, perIpPerMinute: 30 };
    const s = await startHarness({ loginRate: limits, trustProxy: [] }, { seed: false });
    try {
      const login = loginOn(s.app);
      const answers = [];
      // Forty names, forty claimed addresses: one real address, over its 30 attempts a minute.
      for (let i = 0; i < 40; i++) answers.push(await login(`nobody${i}`, 'wrong-one', `198.51.100.${i}`));
      expect(answers.slice(0, 30).every((a) => a.key !== 'tooManyAttempts')).toBe(true);
      expect(answers.slice(30).every((a) => a.key === 'tooManyAttempts')).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('behind a proxy named in TRUST_PROXY, one address cannot lock an account for another', async () => {
    const name = await ownAccount();
    const s = await startHarness({ loginRate: REAL_LIMITS, trustProxy: ['127.0.0.1'] }, { seed: false });
    try {
      const login = loginOn(s.app);
      for (let i = 0; i < 10; i++) await login(name, 'wrong-one', '203.0.113.5');
      expect((await login(name, '123456', '203.0.113.5')).key).toBe('tooManyAttempts');
      // Anyone else still logs in, the public demo account included.
      const other = await login(name, '123456', '198.51.100.7');
      expect(other.status, other.key).toBe(200);
      for (let i = 0; i < 12; i++) await login('demo', 'wrong-one', '203.0.113.5');
      expect((await login('demo', '123456', '198.51.100.8')).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('sessions end with the password', () => {
  it('changing one’s own password ends every other session of the account, not this one', async () => {
    const name = await ownAccount();
    const login = loginOn(h.app);
    const [a, b] = [(await login(name, '123456')).token!, (await login(name, '123456')).token!];
    const id = await h.idOf(name);
    const changed = await h.post(
      '/api/user/updateUser',
      { id, password: 'n3w-Passw0rd', oldPassword: '123456' },
      a,
    );
    expect(changed.status, JSON.stringify(changed.meta)).toBe(200);
    expect((await h.post('/api/user/checkUserPassword', { password: 'x' }, b)).status).toBe(401);
    expect((await h.post('/api/user/checkUserPassword', { password: 'n3w-Passw0rd' }, a)).data).toBe(true);
  });

  it('a reset by the agent ends every session of the account', async () => {
    const name = await ownAccount();
    const token = (await loginOn(h.app)(name, '123456')).token!;
    expect((await h.post('/api/user/resetPassword', { id: await h.idOf(name) }, agent)).status).toBe(200);
    expect((await h.post('/api/user/checkUserPassword', { password: 'x' }, token)).status).toBe(401);
  });
});

describe('password checks with a session', () => {
  it('checkUserPassword locks after ten wrong answers, the right one included', async () => {
    const name = await ownAccount();
    const s = await startHarness({ loginRate: REAL_LIMITS }, { seed: false });
    try {
      const token = (await loginOn(s.app)(name, '123456')).token!;
      const check = (password: string) => s.post('/api/user/checkUserPassword', { password }, token);
      expect((await check('123456')).data).toBe(true);
      for (let i = 0; i < 10; i++) expect((await check(`guess-${i}`)).data).toBe(false);
      const locked = await check('123456');
      expect(locked.status).toBe(429);
      expect(locked.meta.key).toBe('tooManyPasswordChecks');
      // The old password given with a change is a check too.
      const body = { id: await s.idOf(name), password: 'n3w-Passw0rd', oldPassword: '123456' };
      expect((await s.post('/api/user/updateUser', body, token)).meta.key).toBe('tooManyPasswordChecks');
    } finally {
      await s.close();
    }
  });
});

describe('what another tree can learn', () => {
  it('discount codes are unique per agent: agent2 cannot tell that agent’s code exists', async () => {
    const agent2 = await h.login('agent2');
    const made = await h.post(
      '/api/pay/discountCode/create',
      { count: 1, rate: 50, code: 'WELCOME15' },
      agent2,
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(200);
    // Its own code is taken for itself only.
    const again = await h.post(
      '/api/pay/discountCode/create',
      { count: 1, rate: 50, code: 'welcome15' },
      agent2,
    );
    expect(again.meta.key).toBe('discountCodeTaken');
    // Each payer still gets its own payee's code.
    const own = await h.post('/api/pay/discountCode/list', { code: 'WELCOME15', pageSize: 10 }, agent2);
    expect(own.data.list.map((c: { rate: number }) => c.rate)).toEqual([50]);
  });

  it('whether a user name is taken is answered a limited number of times an hour', async () => {
    const agent2 = await h.login('agent2');
    const ask = () => h.post('/api/user/findUsername', { username: 'agent' }, agent2);
    const answers = [];
    for (let i = 0; i < NAME_LOOKUPS_PER_HOUR; i++) answers.push((await ask()).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    const over = await ask();
    expect(over.status).toBe(429);
    expect(over.meta.key).toBe('tooManyRequests');
    // An insert refused as taken is such an answer too.
    const insert = await h.post(
      '/api/user/insertUser',
      { username: 'agent', password: '123456', role: 3 },
      agent2,
    );
    expect(insert.status).toBe(429);
  });
});
