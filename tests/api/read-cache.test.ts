import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * With the shared reads on (as in production): a user never sees a stale answer after a write
 * made through the same node, and a logged-out token is refused at once.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ readCacheMs: 60_000 });
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const listTotal = async (token: string) =>
  (await h.post('/api/device/deviceListV2', { pageNum: 1, pageSize: 15 }, token)).data.total as number;

describe('shared session and scope reads', () => {
  it('refuses a token right after logout', async () => {
    const token = await h.login('subagent');
    expect((await h.post('/api/user/findById', { id: await h.idOf('subagent') }, token)).meta.success).toBe(
      true,
    );
    await h.post('/api/logout', {}, token);
    expect((await h.post('/api/user/findById', { id: await h.idOf('subagent') }, token)).meta.message).toBe(
      '9902',
    );
  });

  it("shrinks an agent's device list as soon as a sub-account leaves the subtree", async () => {
    const agent = await h.login('agent');
    const admin = await h.login('admin');
    const before = await listTotal(agent);
    const moved = (
      await h.post(
        '/api/device/deviceListV2',
        { pageNum: 1, pageSize: 15, userId: await h.idOf('subagent') },
        agent,
      )
    ).data.total as number;
    expect(moved).toBeGreaterThan(0);
    const res = await h.post(
      '/api/user/transferAgent',
      { id: await h.idOf('subagent'), user_id: await h.idOf('agent2') },
      admin,
    );
    expect(res.meta.success).toBe(true);
    expect(await listTotal(agent)).toBe(before - moved);
    const gone = await h.post(
      '/api/device/deviceListV2',
      { pageNum: 1, pageSize: 15, userId: await h.idOf('subagent') },
      agent,
    );
    expect(gone.meta.success).toBe(false);
  });
});
