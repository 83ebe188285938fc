import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { closeDatabase, startHarness, type Harness } from './harness';

// The shipped limits (10 failures in 15 minutes), not the harness's generous test ones.
const real = () => loadConfig({}).loginRate;

let h: Harness;
let agent: string;
beforeAll(async () => {
  // The test's socket is the one trusted proxy, so X-Forwarded-For plays different clients.
  h = await startHarness({ loginRate: real(), trustProxy: ['127.0.0.1'] });
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const loginFrom = (ip: string, username: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers: { 'x-forwarded-for': ip } });

async function newAccount(username: string): Promise<{ id: number; token: string }> {
  const r = await h.post('/api/user/insertUser', { username, password: 'first-pass1', role: 3 }, agent);
  const login = await h.post('/api/login', { username, password: 'first-pass1' });
  return { id: r.data.id, token: login.data.token };
}

describe('password checks of a session are rate-limited', () => {
  it('checkUserPassword: after 10 wrong guesses even the right password is not answered', async () => {
    const { token } = await newAccount('pw-check-guess');
    for (let i = 0; i < real().failuresPerUsername; i++) {
      expect((await h.post('/api/user/checkUserPassword', { password: `guess-${i}` }, token)).data).toBe(false);
    }
    const r = await h.post('/api/user/checkUserPassword', { password: 'first-pass1' }, token);
    expect(r.status).toBe(429);
    expect(r.meta.key).toBe('tooManyTries');
  });

  it("the old password of a change counts alike (and shares the account's allowance)", async () => {
    const { id, token } = await newAccount('pw-check-change');
    for (let i = 0; i < real().failuresPerUsername; i++) {
      const r = await h.post('/api/user/updateUser', { id, password: 'new-pass-22', oldPassword: `guess-${i}` }, token);
      expect(r.meta.key).toBe('oldPasswordWrong');
    }
    const right = await h.post('/api/user/updateUser', { id, password: 'new-pass-22', oldPassword: 'first-pass1' }, token);
    expect(right.status).toBe(429);
    expect((await h.post('/api/user/checkUserPassword', { password: 'first-pass1' }, token)).status).toBe(429);
  });
});

describe('the login lock is per account and address', () => {
  it('one address failing 10 times on demo cannot lock demo for another address', async () => {
    for (let i = 0; i < real().failuresPerUsername; i++) {
      expect((await loginFrom('198.51.100.10', 'demo', `wrong-${i}`)).json().meta.code).not.toBe(200);
    }
    expect((await loginFrom('198.51.100.10', 'demo', '123456')).statusCode).toBe(429);
    const other = await loginFrom('198.51.100.20', 'demo', '123456');
    expect(other.statusCode).toBe(200);
    expect(other.json().meta.code).toBe(200);
  });

  it('every attempt still counts against the address (30 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < real().perIpPerMinute + 1; i++) statuses.push((await loginFrom('198.51.100.30', `who-${i}`, 'x')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
