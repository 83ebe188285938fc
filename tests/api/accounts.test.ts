import { describe, expect, it } from 'vitest';
import { refused, accountsFixture } from './accounts-fixture';

const f = accountsFixture();
const create = (username: string, role?: number, parentId?: number) => f.create(username, role, parentId);

describe('creating accounts', () => {
  it('creates a sub-account under the caller with the right ancestors', async () => {
    const r = await f.h.post(
      '/api/user/insertUser',
      { username: 'newcustomer', password: 'secret1', role: 3, nickname: 'N' },
      f.agent,
    );
    expect(r.meta.success).toBe(true);
    expect(r.data).toMatchObject({
      username: 'newcustomer',
      parentId: f.ids.agent,
      ancestors: `0,1,${f.ids.agent}`,
      role: 3,
    });
    expect((await f.h.post('/api/login', { username: 'newcustomer', password: 'secret1' })).meta.code).toBe(
      200,
    );
  });

  it('refuses an invalid user name', async () => {
    for (const username of ['ab', 'has space', 'x'.repeat(33), 'bad/char']) {
      refused(
        await f.h.post('/api/user/insertUser', { username, password: 'secret1', role: 3 }, f.agent),
        'usernameInvalid',
      );
    }
  });

  it('refuses a user name in use, even one in another tree', async () => {
    refused(
      await f.h.post('/api/user/insertUser', { username: 'agent2', password: 'secret1', role: 3 }, f.agent),
      'usernameTaken',
    );
    const check = await f.h.post('/api/user/findUsername', { username: 'agent2' }, f.agent);
    expect(check.data).toEqual({ exists: true });
  });

  it('a non-agent cannot get sub-users', async () => {
    refused(
      await f.h.post(
        '/api/user/insertUser',
        { parentId: f.ids.user, username: 'childofuser', password: 'secret1', role: 3 },
        f.agent,
      ),
      'notAgent',
    );
  });

  it('an agent cannot create an admin or a factory account', async () => {
    for (const role of [1, 5, 15]) {
      refused(
        await f.h.post('/api/user/insertUser', { username: `r${role}x`, password: 'secret1', role }, f.agent),
        'roleNotAllowed',
      );
    }
  });

  it('checks telephone and email formats with the spec messages', async () => {
    refused(
      await f.h.post(
        '/api/user/insertUser',
        { username: 'tel1', password: 'secret1', role: 3, telephone: '12345' },
        f.agent,
      ),
      'telephoneInvalid',
    );
    refused(
      await f.h.post(
        '/api/user/insertUser',
        { username: 'mail1', password: 'secret1', role: 3, email: 'no-at' },
        f.agent,
      ),
      'emailInvalid',
    );
  });

  it('importUser creates each row on its own and reports every row', async () => {
    const r = await f.h.post(
      '/api/user/importUser',
      {
        users: [
          { username: 'imp1', password: 'secret1', role: 3 },
          { username: 'agent2', password: 'secret1', role: 3 },
          { username: 'imp2', password: 'secret1', role: 3 },
        ],
      },
      f.agent,
    );
    expect(r.data.map((x: { success: boolean }) => x.success)).toEqual([true, false, true]);
    expect(r.data[1].key).toBe('usernameTaken');
    // The report names each row but never echoes the password it was sent.
    expect(r.data[0].item).toEqual({ username: 'imp1', role: 3 });
    expect(JSON.stringify(r.data)).not.toContain('secret1');
  });
});

describe('changing accounts', () => {
  it('changes a user name, refusing a taken or invalid one', async () => {
    const id = await create('tobenamed');
    expect(
      (await f.h.post('/api/user/updateUserName', { id, username: 'renamed' }, f.agent)).meta.success,
    ).toBe(true);
    expect((await f.h.post('/api/user/findById', { id }, f.agent)).data.username).toBe('renamed');
    refused(await f.h.post('/api/user/updateUserName', { id, username: 'agent2' }, f.agent), 'usernameTaken');
    refused(await f.h.post('/api/user/updateUserName', { id, username: 'no' }, f.agent), 'usernameInvalid');
  });

  it('changing the own password needs the current one', async () => {
    const id = await create('pwchanger', 2);
    const own = await f.h.login('pwchanger');
    refused(
      await f.h.post('/api/user/updateUser', { id, password: 'newpass1', oldPassword: 'wrong' }, own),
      'oldPasswordWrong',
    );
    refused(
      await f.h.post('/api/user/updateUser', { id, password: 'short', oldPassword: '123456' }, own),
      'passwordTooShort',
    );
    expect(
      (await f.h.post('/api/user/updateUser', { id, password: 'newpass1', oldPassword: '123456' }, own)).meta
        .success,
    ).toBe(true);
    expect((await f.h.post('/api/login', { username: 'pwchanger', password: 'newpass1' })).meta.code).toBe(
      200,
    );
  });

  it('every account may change its own password, a factory account too', async () => {
    const test = await f.h.login('test');
    const id = await f.h.idOf('test');
    expect(
      (await f.h.post('/api/user/updateUser', { id, password: 'factory1', oldPassword: '123456' }, test)).meta
        .success,
    ).toBe(true);
    expect((await f.h.post('/api/login', { username: 'test', password: 'factory1' })).meta.code).toBe(200);
  });

  it('an account without the edit permission may still edit itself', async () => {
    const superagent = await f.h.login('superagent');
    const id = await f.h.idOf('superagent');
    expect((await f.h.post('/api/user/updateUser', { id, nickname: 'me' }, superagent)).meta.success).toBe(
      true,
    );
  });

  it("another account's password is never set through updateUser", async () => {
    const id = await create('notmine');
    refused(
      await f.h.post('/api/user/updateUser', { id, password: 'newpass1', oldPassword: '123456' }, f.agent),
      'noPermission',
    );
  });

  it('checkUserPassword tells whether the current password is right', async () => {
    expect((await f.h.post('/api/user/checkUserPassword', { password: '123456' }, f.agent)).data).toBe(true);
    expect((await f.h.post('/api/user/checkUserPassword', { password: 'nope' }, f.agent)).data).toBe(false);
    expect((await f.h.get('/api/user/checkPassword', f.agent)).data).toEqual({ isDefault: true });
  });

  it('resetPassword sets a one-time password and ends the sub-account sessions', async () => {
    const id = await create('forgetful', 2);
    const own = await f.h.login('forgetful');
    await f.h.post('/api/user/updateUser', { id, password: 'changed1', oldPassword: '123456' }, own);
    const reset = await f.h.post('/api/user/resetPassword', { id }, f.agent);
    expect(reset.meta.success).toBe(true);
    const login = await f.h.post('/api/login', { username: 'forgetful', password: reset.data.password });
    expect(login.meta.code).toBe(200);
    expect((await f.h.post('/api/user/findById', { id }, own)).meta.message).toBe('9902');
  });

  it('an account cannot reset its own password this way', async () => {
    expect((await f.h.post('/api/user/resetPassword', { id: f.ids.agent }, f.agent)).meta.key).toBe(
      'notFound',
    );
  });
});
