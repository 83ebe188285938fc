import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

async function newAccount(username: string): Promise<number> {
  const r = await h.post('/api/user/insertUser', { username, password: 'first-pass1', role: 3 }, agent);
  return r.data.id;
}

describe('resetPassword gives a random one-time password that must be changed', () => {
  it('answers a new random password once; not the shared default', async () => {
    const a = await h.post('/api/user/resetPassword', { id: await newAccount('reset-random-a') }, agent);
    const b = await h.post('/api/user/resetPassword', { id: await newAccount('reset-random-b') }, agent);
    expect(a.data.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(b.data.password).not.toBe(a.data.password);
    expect((await h.post('/api/login', { username: 'reset-random-a', password: '123456' })).meta.code).not.toBe(200);
    expect((await h.post('/api/login', { username: 'reset-random-a', password: 'first-pass1' })).meta.code).not.toBe(200);
  });

  it('the first login says a change is needed and every other call is refused until it is made', async () => {
    const id = await newAccount('reset-first-login');
    const { password } = (await h.post('/api/user/resetPassword', { id }, agent)).data;
    const login = await h.post('/api/login', { username: 'reset-first-login', password });
    expect(login.meta.code).toBe(200);
    expect(login.data.mustChangePassword).toBe(true);
    const token: string = login.data.token;

    const blocked = await h.post('/api/user/findById', { id }, token);
    expect([blocked.status, blocked.meta.key]).toEqual([403, 'passwordChangeRequired']);
    // Editing other fields is not the change either.
    const edit = await h.post('/api/user/updateUser', { id, nickname: 'x' }, token);
    expect(edit.meta.key).toBe('passwordChangeRequired');
    expect((await h.get('/api/user/checkPassword', token)).data).toEqual({ isDefault: true });

    const change = await h.post('/api/user/updateUser', { id, password: 'my-own-pass1', oldPassword: password }, token);
    expect(change.meta.success).toBe(true);
    expect((await h.post('/api/user/findById', { id }, token)).status).toBe(200);
    expect((await h.get('/api/user/checkPassword', token)).data).toEqual({ isDefault: false });
    const again = await h.post('/api/login', { username: 'reset-first-login', password: 'my-own-pass1' });
    expect(again.data.mustChangePassword).toBe(false);
  });

  it('an account on its own password logs in without the flag', async () => {
    await newAccount('reset-never');
    expect((await h.post('/api/login', { username: 'reset-never', password: 'first-pass1' })).data.mustChangePassword).toBe(false);
  });
});
