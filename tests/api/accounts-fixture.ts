import { afterAll, beforeAll, expect } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The account tests' setup: one seeded database per file, the agent's token, the ids of the
 * demo accounts, and helpers. Tests that change accounts create their own, so order does not
 * matter.
 */
export function accountsFixture() {
  const f = {
    h: null as unknown as Harness,
    agent: '',
    ids: {} as Record<string, number>,
    /** Creates an account under `parentId` (default: the agent) and answers its id. */
    async create(username: string, role = 3, parentId?: number): Promise<number> {
      const r = await f.h.post(
        '/api/user/insertUser',
        { username, password: '123456', role, parentId },
        f.agent,
      );
      if (!r.meta.success) throw new Error(`create ${username}: ${r.meta.message}`);
      return r.data.id;
    },
  };
  beforeAll(async () => {
    f.h = await startHarness();
    f.agent = await f.h.login('agent');
    for (const n of ['admin', 'agent', 'subagent', 'user', 'agent2', 'superuser'])
      f.ids[n] = await f.h.idOf(n);
  });
  afterAll(async () => {
    await f.h.close();
    await closeDatabase();
  });
  return f;
}

/** The answer is a 400 with the spec message of `key`. */
export function refused(
  r: { status: number; meta: { key?: string; message: string } },
  key: keyof typeof MESSAGES,
) {
  expect(r.meta.key).toBe(key);
  expect(r.meta.message).toBe(MESSAGES[key]);
  expect(r.status).toBe(400);
}
