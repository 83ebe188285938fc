import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { isInSubtree } from '../../src/domain/hierarchy';
import { readSheet } from '../../src/sheets';
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

describe('POST /api/user/agentDeviceCount', () => {
  it('counts own and subtree devices by state for each direct child', async () => {
    const all = await h.handle.db.select().from(devices);
    const accounts = await h.handle.db.select().from(users);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const now = Date.now();
    const expected = (root: (typeof accounts)[number]) => {
      const ds = all.filter((d) => isInSubtree(byId.get(d.userId!)!, root));
      return {
        id: root.id,
        username: root.username,
        own: all.filter((d) => d.userId === root.id).length,
        subtree: ds.length,
        online: ds.filter((d) => d.state === 1).length,
        offline: ds.filter((d) => d.state === 2).length,
        inactive: ds.filter((d) => d.state === 3).length,
        expired: ds.filter((d) => d.platformExpireAt && d.platformExpireAt.getTime() < now).length,
      };
    };
    const agentRow = accounts.find((a) => a.username === 'agent')!;
    const r = await h.post('/api/user/agentDeviceCount', {}, agent);
    expect(r.data.root).toMatchObject(expected(agentRow));
    const children = accounts.filter((a) => a.parentId === agentRow.id).sort((a, b) => a.id - b.id);
    expect(r.data.list.map((x: { username: string }) => x.username)).toEqual(children.map((c) => c.username));
    for (const [i, c] of children.entries()) expect(r.data.list[i]).toMatchObject(expected(c));
    const sub = r.data.list.find((x: { username: string }) => x.username === 'subagent');
    expect(sub.subtree).toBeGreaterThan(sub.own);

    const bySub = await h.post('/api/user/agentDeviceCount', { userId: await h.idOf('subagent') }, agent);
    expect(bySub.data.root).toMatchObject(expected(accounts.find((a) => a.username === 'subagent')!));
  });

  it('keeps to the subtree and to the agent:list permission', async () => {
    const x = await h.post('/api/user/agentDeviceCount', { userId: await h.idOf('agent2') }, agent);
    expect(x.meta.key).toBe('notFound');
    const up = await h.post(
      '/api/user/agentDeviceCount',
      { userId: await h.idOf('agent') },
      await h.login('subagent'),
    );
    expect(up.meta.key).toBe('notFound');
    expect((await h.post('/api/user/agentDeviceCount', {}, await h.login('user'))).meta.message).toBe('9906');
  });
});

describe('POST /api/user/indexAgentListExport', () => {
  it('exports the subtree accounts in tree order as xlsx and csv', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/user/indexAgentListExport',
        payload: { format },
        headers: { authorization: `Bearer ${agent}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="accounts-.*\\.${format}"`),
      );
      const rows = await readSheet(res.rawPayload, format);
      expect(rows[0]).toEqual([
        'ID',
        'User name',
        'Nickname',
        'Role',
        'Parent',
        'Devices',
        'Telephone',
        'Created',
      ]);
      const names = rows.slice(1).map((r) => r[1]);
      expect(names[0]).toBe('agent');
      expect(names).toContain('user');
      expect(names).not.toContain('agent2');
      // A parent comes before its sub-accounts.
      expect(names.indexOf('subagent')).toBeLessThan(names.indexOf('user'));
      const userRow = rows.find((r) => r[1] === 'user')!;
      expect(userRow[3]).toBe('user');
      expect(userRow[4]).toBe('subagent');
      expect(Number(userRow[5])).toBeGreaterThan(0);
    }
    const x = await h.post(
      '/api/user/indexAgentListExport',
      { format: 'csv', userId: await h.idOf('agent2') },
      agent,
    );
    expect(x.meta.key).toBe('notFound');
  });
});
