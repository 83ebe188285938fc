import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

// Sessions read through the shared read cache, as in production: a dropped session must stop
// working at once on this node anyway.
let h: Harness;
let agent: string;
beforeAll(async () => {
  h = await startHarness({ readCacheMs: 60_000 });
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

async function newAccount(username: string): Promise<number> {
  const r = await h.post('/api/user/insertUser', { username, password: 'first-pass1', role: 3 }, agent);
  expect(r.meta.success).toBe(true);
  return r.data.id;
}

/** A fresh login (the harness caches its own tokens; these must be distinct sessions). */
async function session(username: string, password: string): Promise<string> {
  const r = await h.post('/api/login', { username, password });
  expect(r.meta.code).toBe(200);
  return r.data.token;
}

const works = async (token: string, id: number) => (await h.post('/api/user/findById', { id }, token)).status;

describe('a password change ends the other sessions of the account', () => {
  it('the own change keeps the session that made it and ends the others at once', async () => {
    const id = await newAccount('pw-sessions-own');
    const mine = await session('pw-sessions-own', 'first-pass1');
    const other = await session('pw-sessions-own', 'first-pass1');
    expect(await works(other, id)).toBe(200); // now in the read cache
    const r = await h.post('/api/user/updateUser', { id, password: 'second-pass2', oldPassword: 'first-pass1' }, mine);
    expect(r.meta.success).toBe(true);
    expect(await works(other, id)).toBe(401);
    expect(await works(mine, id)).toBe(200);
  });

  it('a reset by the agent ends every session of the account', async () => {
    const id = await newAccount('pw-sessions-reset');
    const a = await session('pw-sessions-reset', 'first-pass1');
    const b = await session('pw-sessions-reset', 'first-pass1');
    expect(await works(a, id)).toBe(200);
    expect(await works(b, id)).toBe(200);
    expect((await h.post('/api/user/resetPassword', { id }, agent)).meta.success).toBe(true);
    expect(await works(a, id)).toBe(401);
    expect(await works(b, id)).toBe(401);
    // The agent's own session is not touched.
    expect(await works(agent, id)).toBe(200);
  });
});
