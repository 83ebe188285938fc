import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
let ids: Record<string, number>;

// One seed for the file: tests that change accounts create their own, so order does not matter.
beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  ids = {};
  for (const n of ['admin', 'agent', 'subagent', 'user', 'agent2', 'superuser']) ids[n] = await h.idOf(n);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

/** Creates an account under `parentId` (default: the agent) and answers its id. */
async function create(username: string, role = 3, parentId?: number): Promise<number> {
  const r = await h.post('/api/user/insertUser', { username, password: '123456', role, parentId }, agent);
  if (!r.meta.success) throw new Error(`create ${username}: ${r.meta.message}`);
  return r.data.id;
}

const refused = (
  r: { status: number; meta: { key?: string; message: string } },
  key: keyof typeof MESSAGES,
) => {
  expect(r.meta.key).toBe(key);
  expect(r.meta.message).toBe(MESSAGES[key]);
  expect(r.status).toBe(400);
};

describe('creating accounts', () => {
  it('creates a sub-account under the caller with the right ancestors', async () => {
    const r = await h.post(
      '/api/user/insertUser',
      { username: 'newcustomer', password: 'secret1', role: 3, nickname: 'N' },
      agent,
    );
    expect(r.meta.success).toBe(true);
    expect(r.data).toMatchObject({
      username: 'newcustomer',
      parentId: ids.agent,
      ancestors: `0,1,${ids.agent}`,
      role: 3,
    });
    expect((await h.post('/api/login', { username: 'newcustomer', password: 'secret1' })).meta.code).toBe(
      200,
    );
  });

  it('refuses an invalid user name', async () => {
    for (const username of ['ab', 'has space', 'x'.repeat(33), 'bad/char']) {
      refused(
        await h.post('/api/user/insertUser', { username, password: 'secret1', role: 3 }, agent),
        'usernameInvalid',
      );
    }
  });

  it('refuses a user name in use, even one in another tree', async () => {
    refused(
      await h.post('/api/user/insertUser', { username: 'agent2', password: 'secret1', role: 3 }, agent),
      'usernameTaken',
    );
    const check = await h.post('/api/user/findUsername', { username: 'agent2' }, agent);
    expect(check.data).toEqual({ exists: true });
  });

  it('a non-agent cannot get sub-users', async () => {
    refused(
      await h.post(
        '/api/user/insertUser',
        { parentId: ids.user, username: 'childofuser', password: 'secret1', role: 3 },
        agent,
      ),
      'notAgent',
    );
  });

  it('an agent cannot create an admin or a factory account', async () => {
    for (const role of [1, 5, 15]) {
      refused(
        await h.post('/api/user/insertUser', { username: `r${role}x`, password: 'secret1', role }, agent),
        'roleNotAllowed',
      );
    }
  });

  it('checks telephone and email formats with the spec messages', async () => {
    refused(
      await h.post(
        '/api/user/insertUser',
        { username: 'tel1', password: 'secret1', role: 3, telephone: '12345' },
        agent,
      ),
      'telephoneInvalid',
    );
    refused(
      await h.post(
        '/api/user/insertUser',
        { username: 'mail1', password: 'secret1', role: 3, email: 'no-at' },
        agent,
      ),
      'emailInvalid',
    );
  });

  it('importUser creates each row on its own and reports every row', async () => {
    const r = await h.post(
      '/api/user/importUser',
      {
        users: [
          { username: 'imp1', password: 'secret1', role: 3 },
          { username: 'agent2', password: 'secret1', role: 3 },
          { username: 'imp2', password: 'secret1', role: 3 },
        ],
      },
      agent,
    );
    expect(r.data.map((x: { success: boolean }) => x.success)).toEqual([true, false, true]);
    expect(r.data[1].key).toBe('usernameTaken');
  });
});

describe('changing accounts', () => {
  it('changes a user name, refusing a taken or invalid one', async () => {
    const id = await create('tobenamed');
    expect((await h.post('/api/user/updateUserName', { id, username: 'renamed' }, agent)).meta.success).toBe(
      true,
    );
    expect((await h.post('/api/user/findById', { id }, agent)).data.username).toBe('renamed');
    refused(await h.post('/api/user/updateUserName', { id, username: 'agent2' }, agent), 'usernameTaken');
    refused(await h.post('/api/user/updateUserName', { id, username: 'no' }, agent), 'usernameInvalid');
  });

  it('changing the own password needs the current one', async () => {
    const id = await create('pwchanger', 2);
    const own = await h.login('pwchanger');
    refused(
      await h.post('/api/user/updateUser', { id, password: 'newpass1', oldPassword: 'wrong' }, own),
      'oldPasswordWrong',
    );
    refused(
      await h.post('/api/user/updateUser', { id, password: 'short', oldPassword: '123456' }, own),
      'passwordTooShort',
    );
    expect(
      (await h.post('/api/user/updateUser', { id, password: 'newpass1', oldPassword: '123456' }, own)).meta
        .success,
    ).toBe(true);
    expect((await h.post('/api/login', { username: 'pwchanger', password: 'newpass1' })).meta.code).toBe(200);
  });

  it('every account may change its own password, a factory account too', async () => {
    const test = await h.login('test');
    const id = await h.idOf('test');
    expect(
      (await h.post('/api/user/updateUser', { id, password: 'factory1', oldPassword: '123456' }, test)).meta
        .success,
    ).toBe(true);
    expect((await h.post('/api/login', { username: 'test', password: 'factory1' })).meta.code).toBe(200);
  });

  it('an account without the edit permission may still edit itself', async () => {
    const superagent = await h.login('superagent');
    const id = await h.idOf('superagent');
    expect((await h.post('/api/user/updateUser', { id, nickname: 'me' }, superagent)).meta.success).toBe(
      true,
    );
  });

  it("another account's password is never set through updateUser", async () => {
    const id = await create('notmine');
    refused(
      await h.post('/api/user/updateUser', { id, password: 'newpass1', oldPassword: '123456' }, agent),
      'noPermission',
    );
  });

  it('checkUserPassword tells whether the current password is right', async () => {
    expect((await h.post('/api/user/checkUserPassword', { password: '123456' }, agent)).data).toBe(true);
    expect((await h.post('/api/user/checkUserPassword', { password: 'nope' }, agent)).data).toBe(false);
    expect((await h.get('/api/user/checkPassword', agent)).data).toEqual({ isDefault: true });
  });

  it('resetPassword sets the default password and ends the sub-account sessions', async () => {
    const id = await create('forgetful', 2);
    const own = await h.login('forgetful');
    await h.post('/api/user/updateUser', { id, password: 'changed1', oldPassword: '123456' }, own);
    expect((await h.post('/api/user/resetPassword', { id }, agent)).meta.success).toBe(true);
    expect((await h.post('/api/login', { username: 'forgetful', password: '123456' })).meta.code).toBe(200);
    expect((await h.post('/api/user/findById', { id }, own)).meta.message).toBe('9902');
  });

  it('an account cannot reset its own password this way', async () => {
    expect((await h.post('/api/user/resetPassword', { id: ids.agent }, agent)).meta.key).toBe('notFound');
  });
});

describe('transferring accounts', () => {
  it('moves an account with its subtree and rewrites the ancestors below it', async () => {
    const a = await create('movingagent', 2);
    const b = await create('movingchild', 2, a);
    const c = await create('movinggrandchild', 3, b);
    const target = await create('newhome', 2);
    expect((await h.post('/api/user/transferAgent', { id: a, user_id: target }, agent)).meta.success).toBe(
      true,
    );
    const moved = await h.post('/api/user/findById', { id: c }, agent);
    expect(moved.data.ancestors).toBe(`0,1,${ids.agent},${target},${a},${b}`);
    expect((await h.post('/api/user/findById', { id: a }, agent)).data.parentId).toBe(target);
  });

  it('refuses a transfer to itself', async () => {
    refused(
      await h.post('/api/user/transferAgent', { id: ids.subagent, user_id: ids.subagent }, agent),
      'transferToSelf',
    );
  });

  it('refuses moving an account under its own child, and changes nothing', async () => {
    const top = await create('topagent', 2);
    const deeper = await create('deepagent', 2, top);
    refused(
      await h.post('/api/user/transferAgent', { id: top, user_id: deeper }, agent),
      'transferUnderChild',
    );
    expect((await h.post('/api/user/findById', { id: top }, agent)).data.parentId).toBe(ids.agent);
  });

  it('refuses moving an account under a non-agent', async () => {
    refused(
      await h.post('/api/user/transferAgent', { id: ids.superuser, user_id: ids.user }, agent),
      'transferToNonAgent',
    );
  });
});

describe('deleting accounts', () => {
  it('refuses an account with sub-accounts', async () => {
    refused(await h.post('/api/user/deleteUser', { id: ids.subagent }, agent), 'hasChildren');
  });

  it('refuses an account with devices', async () => {
    refused(await h.post('/api/user/deleteUser', { id: ids.user }, agent), 'hasDevices');
  });

  it('refuses the own account', async () => {
    refused(await h.post('/api/user/deleteUser', { id: ids.agent }, agent), 'deleteSelf');
  });

  it('deletes an empty account; deleteAllUser reports each id', async () => {
    const a = await h.post('/api/user/insertUser', { username: 'tmp1', password: 'secret1', role: 3 }, agent);
    const r = await h.post('/api/user/deleteAllUser', { ids: [a.data.id, ids.user] }, agent);
    expect(r.data).toEqual([
      { item: a.data.id, success: true },
      { item: ids.user, success: false, key: 'hasDevices', message: MESSAGES.hasDevices },
    ]);
    expect((await h.post('/api/user/findById', { id: a.data.id }, agent)).meta.key).toBe('notFound');
  });
});

describe('import counts', () => {
  it('passes imports to a sub-agent from the own balance, with records on both sides', async () => {
    const before = (await h.post('/api/user/userRelationimportNum', { id: ids.agent }, agent)).data;
    const subBefore = before.children.find((c: { id: number }) => c.id === ids.subagent).importNum;
    expect(
      (await h.post('/api/user/addAgentImportNum', { id: ids.subagent, num: 7 }, agent)).meta.success,
    ).toBe(true);
    const after = (await h.post('/api/user/userRelationimportNum', { id: ids.agent }, agent)).data;
    expect(after.importNum).toBe(before.importNum - 7);
    expect(after.children.find((c: { id: number }) => c.id === ids.subagent).importNum).toBe(subBefore + 7);
    const records = await h.post(
      '/api/user/findImportNumRecord',
      { id: ids.subagent, pageNum: 1, pageSize: 10 },
      agent,
    );
    expect(records.data.list[0]).toMatchObject({ delta: 7, balanceAfter: subBefore + 7, operator: 'agent' });
  });

  it('blocks giving more than the own balance, and changes nothing', async () => {
    const before = (await h.post('/api/user/userRelationimportNum', { id: ids.agent }, agent)).data;
    refused(
      await h.post('/api/user/addAgentImportNum', { id: ids.subagent, num: before.importNum + 1 }, agent),
      'importNumInsufficient',
    );
    const after = (await h.post('/api/user/userRelationimportNum', { id: ids.agent }, agent)).data;
    expect(after).toEqual(before);
  });
});

describe('reading accounts', () => {
  it('findAllUserV2 answers the subtree as agent list rows', async () => {
    const r = await h.post('/api/user/findAllUserV2', { id: ids.agent }, agent);
    const row = r.data.find((x: unknown[]) => x[0] === ids.subagent);
    expect(row.slice(0, 6)).toEqual([
      ids.subagent,
      ids.agent,
      `0,1,${ids.agent}`,
      'subagent',
      expect.any(String),
      2,
    ]);
    expect(r.data.every((x: unknown[]) => x.length === 8)).toBe(true);
    expect(r.data.some((x: unknown[]) => x[3] === 'agent2')).toBe(false);
  });

  it('findAllUserByPage pages with the default size', async () => {
    const r = await h.post('/api/user/findAllUserByPage', {}, agent);
    expect(r.data.list.length).toBeLessThanOrEqual(15);
    expect(r.data.total).toBeGreaterThanOrEqual(4);
  });

  it('findLike finds by part of the name and treats % literally', async () => {
    expect(
      (await h.post('/api/user/findLike', { selectName: 'subag' }, agent)).data.map(
        (u: { username: string }) => u.username,
      ),
    ).toEqual(['subagent']);
    expect((await h.post('/api/user/findLike', { selectName: '%' }, agent)).data).toEqual([]);
  });

  it('getFamily answers the chain from the caller down', async () => {
    const r = await h.post('/api/user/getFamily', { id: ids.user }, agent);
    expect(r.data.map((u: { username: string }) => u.username)).toEqual(['agent', 'subagent', 'user']);
  });
});
