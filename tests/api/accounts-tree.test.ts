import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { refused, accountsFixture } from './accounts-fixture';

const f = accountsFixture();
const create = (username: string, role?: number, parentId?: number) => f.create(username, role, parentId);

describe('transferring accounts', () => {
  it('moves an account with its subtree and rewrites the ancestors below it', async () => {
    const a = await create('movingagent', 2);
    const b = await create('movingchild', 2, a);
    const c = await create('movinggrandchild', 3, b);
    const target = await create('newhome', 2);
    expect(
      (await f.h.post('/api/user/transferAgent', { id: a, user_id: target }, f.agent)).meta.success,
    ).toBe(true);
    const moved = await f.h.post('/api/user/findById', { id: c }, f.agent);
    expect(moved.data.ancestors).toBe(`0,1,${f.ids.agent},${target},${a},${b}`);
    expect((await f.h.post('/api/user/findById', { id: a }, f.agent)).data.parentId).toBe(target);
  });

  it('refuses a transfer to itself', async () => {
    refused(
      await f.h.post('/api/user/transferAgent', { id: f.ids.subagent, user_id: f.ids.subagent }, f.agent),
      'transferToSelf',
    );
  });

  it('refuses moving an account under its own child, and changes nothing', async () => {
    const top = await create('topagent', 2);
    const deeper = await create('deepagent', 2, top);
    refused(
      await f.h.post('/api/user/transferAgent', { id: top, user_id: deeper }, f.agent),
      'transferUnderChild',
    );
    expect((await f.h.post('/api/user/findById', { id: top }, f.agent)).data.parentId).toBe(f.ids.agent);
  });

  it('refuses moving an account under a non-agent', async () => {
    refused(
      await f.h.post('/api/user/transferAgent', { id: f.ids.superuser, user_id: f.ids.user }, f.agent),
      'transferToNonAgent',
    );
  });
});

describe('deleting accounts', () => {
  it('refuses an account with sub-accounts', async () => {
    refused(await f.h.post('/api/user/deleteUser', { id: f.ids.subagent }, f.agent), 'hasChildren');
  });

  it('refuses an account with devices', async () => {
    refused(await f.h.post('/api/user/deleteUser', { id: f.ids.user }, f.agent), 'hasDevices');
  });

  it('refuses the own account', async () => {
    refused(await f.h.post('/api/user/deleteUser', { id: f.ids.agent }, f.agent), 'deleteSelf');
  });

  it('deletes an empty account; deleteAllUser reports each id', async () => {
    const a = await f.h.post(
      '/api/user/insertUser',
      { username: 'tmp1', password: 'secret1', role: 3 },
      f.agent,
    );
    const r = await f.h.post('/api/user/deleteAllUser', { ids: [a.data.id, f.ids.user] }, f.agent);
    expect(r.data).toEqual([
      { item: a.data.id, success: true },
      { item: f.ids.user, success: false, key: 'hasDevices', message: MESSAGES.hasDevices },
    ]);
    expect((await f.h.post('/api/user/findById', { id: a.data.id }, f.agent)).meta.key).toBe('notFound');
  });
});

describe('import counts', () => {
  it('passes imports to a sub-agent from the own balance, with records on both sides', async () => {
    const before = (await f.h.post('/api/user/userRelationimportNum', { id: f.ids.agent }, f.agent)).data;
    const subBefore = before.children.find((c: { id: number }) => c.id === f.ids.subagent).importNum;
    expect(
      (await f.h.post('/api/user/addAgentImportNum', { id: f.ids.subagent, num: 7 }, f.agent)).meta.success,
    ).toBe(true);
    const after = (await f.h.post('/api/user/userRelationimportNum', { id: f.ids.agent }, f.agent)).data;
    expect(after.importNum).toBe(before.importNum - 7);
    expect(after.children.find((c: { id: number }) => c.id === f.ids.subagent).importNum).toBe(subBefore + 7);
    const records = await f.h.post(
      '/api/user/findImportNumRecord',
      { id: f.ids.subagent, pageNum: 1, pageSize: 10 },
      f.agent,
    );
    expect(records.data.list[0]).toMatchObject({ delta: 7, balanceAfter: subBefore + 7, operator: 'agent' });
  });

  it('blocks giving more than the own balance, and changes nothing', async () => {
    const before = (await f.h.post('/api/user/userRelationimportNum', { id: f.ids.agent }, f.agent)).data;
    refused(
      await f.h.post(
        '/api/user/addAgentImportNum',
        { id: f.ids.subagent, num: before.importNum + 1 },
        f.agent,
      ),
      'importNumInsufficient',
    );
    const after = (await f.h.post('/api/user/userRelationimportNum', { id: f.ids.agent }, f.agent)).data;
    expect(after).toEqual(before);
  });
});

describe('reading accounts', () => {
  it('findAllUserV2 answers the subtree as agent list rows', async () => {
    const r = await f.h.post('/api/user/findAllUserV2', { id: f.ids.agent }, f.agent);
    const row = r.data.find((x: unknown[]) => x[0] === f.ids.subagent);
    expect(row.slice(0, 6)).toEqual([
      f.ids.subagent,
      f.ids.agent,
      `0,1,${f.ids.agent}`,
      'subagent',
      expect.any(String),
      2,
    ]);
    expect(r.data.every((x: unknown[]) => x.length === 8)).toBe(true);
    expect(r.data.some((x: unknown[]) => x[3] === 'agent2')).toBe(false);
  });

  it('findAllUserByPage pages with the default size', async () => {
    const r = await f.h.post('/api/user/findAllUserByPage', {}, f.agent);
    expect(r.data.list.length).toBeLessThanOrEqual(15);
    expect(r.data.total).toBeGreaterThanOrEqual(4);
  });

  it('findLike finds by part of the name and treats % literally', async () => {
    expect(
      (await f.h.post('/api/user/findLike', { selectName: 'subag' }, f.agent)).data.map(
        (u: { username: string }) => u.username,
      ),
    ).toEqual(['subagent']);
    expect((await f.h.post('/api/user/findLike', { selectName: '%' }, f.agent)).data).toEqual([]);
  });

  it('getFamily answers the chain from the caller down', async () => {
    const r = await f.h.post('/api/user/getFamily', { id: f.ids.user }, f.agent);
    expect(r.data.map((u: { username: string }) => u.username)).toEqual(['agent', 'subagent', 'user']);
  });
});
