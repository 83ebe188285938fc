import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema/sessions';
import { hashToken } from '../../server/services/sessions';
import { LOGIN_CODE } from '../../src/domain/codes';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('POST /api/login', () => {
  it('answers 200 with a token, the user info, permissions and home page', async () => {
    const r = await h.post('/api/login', { username: 'agent', password: '123456' });
    expect(r.meta).toMatchObject({ success: true, code: LOGIN_CODE.success });
    expect(r.data.token).toMatch(/^[\w-]{40,}$/);
    expect(r.data.user).toMatchObject({ username: 'agent', role: 2, token: r.data.token });
    expect(r.data.user.ancestors).toBe('0,1');
    expect(r.data.permissions).toContain('agent:add');
    expect(r.data.home).toBe('/index/home');
  });

  it('answers 209 for both an unknown user and a wrong password, with the same message', async () => {
    const unknown = await h.post('/api/login', { username: 'nobody-here', password: '123456' });
    const wrong = await h.post('/api/login', { username: 'agent', password: 'wrong-password' });
    expect(unknown.meta).toEqual(wrong.meta);
    expect(unknown.meta).toMatchObject({
      success: false,
      code: LOGIN_CODE.wrongCredentials,
      key: 'wrongCredentials',
    });
    expect(unknown.data).toBeNull();
  });

  it('answers 208 for an expired account, only once the password is right', async () => {
    const r = await h.post('/api/login', { username: 'expired', password: '123456' });
    expect(r.meta).toMatchObject({
      success: false,
      code: LOGIN_CODE.userExpired,
      message: MESSAGES.userExpired,
    });
    const wrong = await h.post('/api/login', { username: 'expired', password: 'nope-nope' });
    expect(wrong.meta.code).toBe(LOGIN_CODE.wrongCredentials);
  });

  it('each factory role lands on its own home page', async () => {
    const homes: Record<string, string | null> = {
      test: '/test/qc/search',
      log: '/test/log/search',
      teststock: '/test/stock/importDevice',
      superagent: null,
    };
    for (const [username, home] of Object.entries(homes)) {
      const r = await h.post('/api/login', { username, password: '123456' });
      expect(r.data.home, username).toBe(home);
    }
  });

  it('rejects a malformed body with an error naming the field', async () => {
    const r = await h.post('/api/login', { username: '' });
    expect(r.status).toBe(400);
    expect(r.meta.key).toBe('fieldRequired');
    expect(r.meta.message).toBe('password is required');
  });
});

describe('sessions', () => {
  it('logout ends the token: the next call answers 9902', async () => {
    const login = await h.post('/api/login', { username: 'user', password: '123456' });
    const token = login.data.token;
    expect((await h.post('/api/user/findById', { id: login.data.user.id }, token)).meta.success).toBe(true);
    expect((await h.post('/api/logout', {}, token)).meta.success).toBe(true);
    const after = await h.post('/api/user/findById', { id: login.data.user.id }, token);
    expect(after.status).toBe(401);
    expect(after.meta.message).toBe('9902');
  });

  it('an invalid or missing token answers 9902', async () => {
    for (const token of ['not-a-token', undefined]) {
      const r = await h.post('/api/user/findById', { id: 1 }, token);
      expect(r.status).toBe(401);
      expect(r.meta).toMatchObject({ success: false, message: '9902', key: 'sessionExpired' });
    }
  });

  it('an expired token answers 9902', async () => {
    const login = await h.post('/api/login', { username: 'subagent', password: '123456' });
    const token: string = login.data.token;
    await h.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const r = await h.post('/api/user/findById', { id: login.data.user.id }, token);
    expect(r.meta.message).toBe('9902');
  });

  it('stores only a hash of the token', async () => {
    const token = await h.login('agent');
    const rows = await h.handle.db.select().from(sessions);
    expect(rows.some((s) => s.tokenHash === token)).toBe(false);
    expect(rows.some((s) => s.tokenHash === hashToken(token))).toBe(true);
  });
});

describe('login settings', () => {
  it('the distinct setting answers 201 for an unknown user and 202 for a wrong password', async () => {
    const d = await startHarness({ loginCodes: 'distinct' }, { seed: false });
    try {
      const unknown = await d.post('/api/login', { username: 'nobody-here', password: '123456' });
      const wrong = await d.post('/api/login', { username: 'agent', password: 'wrong-password' });
      expect(unknown.meta.code).toBe(LOGIN_CODE.usernameError);
      expect(wrong.meta.code).toBe(LOGIN_CODE.wrongPassword);
      expect((await d.get('/api/public/config')).data.loginCodes).toBe('distinct');
    } finally {
      await d.close();
    }
  });

  it('limits attempts per IP and failed attempts per user name', async () => {
    const d = await startHarness(
      { loginRate: { perIpPerMinute: 3, failuresPerUsername: 100, usernameWindowSeconds: 60, nameLookupsPerHour: 100 } },
      { seed: false },
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await d.post('/api/login', { username: 'agent', password: '123456' })).status);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await d.close();
    }
    const u = await startHarness(
      { loginRate: { perIpPerMinute: 1000, failuresPerUsername: 2, usernameWindowSeconds: 60, nameLookupsPerHour: 100 } },
      { seed: false },
    );
    try {
      await u.post('/api/login', { username: 'subagent', password: 'bad-1' });
      await u.post('/api/login', { username: 'subagent', password: 'bad-2' });
      const blocked = await u.post('/api/login', { username: 'subagent', password: '123456' });
      expect(blocked.status).toBe(429);
      expect(blocked.meta.key).toBe('tooManyAttempts');
      // Another account from the same address is not affected.
      expect((await u.post('/api/login', { username: 'agent', password: '123456' })).meta.code).toBe(200);
    } finally {
      await u.close();
    }
  });

  it('a brand can put login under another path', async () => {
    const b = await startHarness({ brand: 'bengps' }, { seed: false });
    try {
      const cfg = await b.get('/api/public/config');
      expect(cfg.data.brand.loginPath).toBe('/bengps/login');
      const r = await b.post('/api/bengps/login', { username: 'agent', password: '123456' });
      expect(r.meta.code).toBe(200);
    } finally {
      await b.close();
    }
  });
});
