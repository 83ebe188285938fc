import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('device count records', () => {
  it('adds, edits, lists and deletes a record of a sub-account', async () => {
    const agent = await h.login('agent');
    const sub = await h.idOf('subagent');
    const added = await h.post(
      '/api/device/count/add',
      { userId: sub, deviceCount: 3, totalDeviceCount: 9 },
      agent,
    );
    expect(added.data).toMatchObject({ userId: sub, deviceCount: 3, totalDeviceCount: 9 });
    // One record per account: adding again replaces it.
    const again = await h.post(
      '/api/device/count/add',
      { userId: sub, deviceCount: 4, totalDeviceCount: 10 },
      agent,
    );
    expect(again.data.id).toBe(added.data.id);
    await h.post('/api/device/count/edit', { id: added.data.id, totalDeviceCount: 12 }, agent);
    const list = await h.get(`/api/device/count/list?userId=${sub}`, agent);
    expect(list.data.list).toEqual([
      expect.objectContaining({ username: 'subagent', deviceCount: 4, totalDeviceCount: 12 }),
    ]);
    expect((await h.get(`/api/device/count/delByIds/${added.data.id}`, agent)).data).toEqual({ deleted: 1 });
    expect((await h.get(`/api/device/count/list?userId=${sub}`, agent)).data.total).toBe(0);
  });

  it('refuses negative counts and malformed id lists', async () => {
    const agent = await h.login('agent');
    const sub = await h.idOf('subagent');
    expect(
      (await h.post('/api/device/count/add', { userId: sub, deviceCount: -1, totalDeviceCount: 0 }, agent))
        .status,
    ).toBe(400);
    expect((await h.get('/api/device/count/delByIds/1;drop', agent)).status).toBe(400);
  });

  it('cannot delete a record of another tree', async () => {
    const admin = await h.login('admin');
    const a2 = await h.idOf('agent2');
    const rec = await h.post(
      '/api/device/count/add',
      { userId: a2, deviceCount: 1, totalDeviceCount: 1 },
      admin,
    );
    const agent = await h.login('agent');
    expect((await h.get(`/api/device/count/delByIds/${rec.data.id}`, agent)).meta.key).toBe('notFound');
    expect((await h.get(`/api/device/count/list?userId=${a2}`, admin)).data.total).toBe(1);
  });
});
