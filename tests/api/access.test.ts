import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID } from '../../config/roles';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let ids: Record<string, number>;

beforeAll(async () => {
  h = await startHarness();
  ids = {};
  for (const n of ['agent', 'subagent', 'user', 'agent2', 'agent2user', 'demo']) ids[n] = await h.idOf(n);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('permissions on the server', () => {
  it('an end user calling an agent route gets 9906', async () => {
    const user = await h.login('user');
    for (const [url, body] of [
      ['/api/user/insertUser', { username: 'zzz1', password: 'secret1', role: 3 }],
      ['/api/user/findAllUserV2', { id: ids.user }],
      ['/api/user/deleteUser', { id: ids.user }],
      ['/api/user/transferAgent', { id: ids.user, user_id: ids.agent }],
    ] as const) {
      const r = await h.post(url, body, user);
      expect(r.status, url).toBe(403);
      expect(r.meta.message, url).toBe('9906');
    }
  });

  it('a factory role cannot reach the account API', async () => {
    const test = await h.login('test');
    expect((await h.post('/api/user/findAllUserV2', { id: 1 }, test)).meta.message).toBe('9906');
  });

  it('admin holds the wildcard and reaches every tree', async () => {
    const admin = await h.login('admin');
    const r = await h.post('/api/user/findAllUserV2', { id: 1 }, admin);
    const names = r.data.map((x: unknown[]) => x[3]);
    expect(names).toEqual(expect.arrayContaining(['agent', 'agent2', 'demo', 'test']));
  });
});

describe('the demo account (id 6)', () => {
  it('has id 6', () => {
    expect(ids.demo).toBe(DEMO_USER_ID);
  });

  it('is refused every write with the demo message', async () => {
    const demo = await h.login('demo');
    const writes: [string, object][] = [
      ['/api/user/updateUser', { id: DEMO_USER_ID, nickname: 'x' }],
      ['/api/user/updateUser', { id: DEMO_USER_ID, password: 'whatever1', oldPassword: '123456' }],
      ['/api/user/updateUserName', { id: DEMO_USER_ID, username: 'demo2' }],
      ['/api/user/resetPassword', { id: DEMO_USER_ID }],
      ['/api/user/insertUser', { username: 'fromdemo', password: 'secret1', role: 3 }],
      ['/api/user/deleteUser', { id: DEMO_USER_ID }],
      ['/api/user/transferAgent', { id: DEMO_USER_ID, user_id: 1 }],
      ['/api/user/addAgentImportNum', { id: DEMO_USER_ID, num: 1 }],
      ['/api/device/count/add', { userId: DEMO_USER_ID, deviceCount: 1, totalDeviceCount: 1 }],
    ];
    for (const [url, body] of writes) {
      const r = await h.post(url, body, demo);
      expect(r.meta, url).toMatchObject({
        success: false,
        key: 'demoForbidden',
        message: MESSAGES.demoForbidden,
      });
    }
  });

  it('may still read', async () => {
    const demo = await h.login('demo');
    expect((await h.post('/api/user/findById', { id: DEMO_USER_ID }, demo)).data.username).toBe('demo');
  });
});

describe('data scope across trees', () => {
  it('the first agent asking by id for anything of the second tree never gets data', async () => {
    const agent = await h.login('agent');
    const foreign = [ids.agent2, ids.agent2user];
    for (const id of foreign) {
      for (const [url, body] of [
        ['/api/user/findById', { id }],
        ['/api/user/findAllUser', { id }],
        ['/api/user/findAllUserV2', { id }],
        ['/api/user/findAllAgentByIdV2', { id }],
        ['/api/user/getFamily', { id }],
        ['/api/user/userRelationimportNum', { id }],
        ['/api/user/findImportNumRecord', { id }],
        ['/api/user/findAllUserByPage', { id }],
        ['/api/user/findLike', { id, selectName: 'agent2' }],
      ] as const) {
        const r = await h.post(url, body, agent);
        expect(r.meta.success, `${url} ${id}`).toBe(false);
        expect(['notFound', 'unauthorized'], url).toContain(r.meta.key);
        expect(r.data, url).toBeNull();
      }
    }
    const list = await h.get(`/api/device/count/list?userId=${ids.agent2}`, agent);
    expect(list.meta.key).toBe('notFound');
  });

  it('searches and lists without an id stay inside the own subtree', async () => {
    const agent = await h.login('agent');
    const like = await h.post('/api/user/findLike', { selectName: 'agent2' }, agent);
    expect(like.data).toEqual([]);
    const counts = await h.get('/api/device/count/list', agent);
    expect(counts.data.list.every((r: { username: string }) => !r.username.startsWith('agent2'))).toBe(true);
  });

  it('writes that name the other tree change nothing', async () => {
    const agent = await h.login('agent');
    const attempts: [string, object][] = [
      ['/api/user/updateUser', { id: ids.agent2, nickname: 'hacked' }],
      ['/api/user/updateUserName', { id: ids.agent2user, username: 'hacked' }],
      ['/api/user/resetPassword', { id: ids.agent2user }],
      ['/api/user/deleteUser', { id: ids.agent2user }],
      ['/api/user/transferAgent', { id: ids.subagent, user_id: ids.agent2 }],
      ['/api/user/transferAgent', { id: ids.agent2user, user_id: ids.agent }],
      ['/api/user/insertUser', { parentId: ids.agent2, username: 'planted', password: 'secret1', role: 3 }],
      ['/api/user/addAgentImportNum', { id: ids.agent2, num: 1 }],
      ['/api/device/count/add', { userId: ids.agent2, deviceCount: 1, totalDeviceCount: 1 }],
    ];
    for (const [url, body] of attempts) {
      const r = await h.post(url, body, agent);
      expect(r.meta.success, url).toBe(false);
      expect(r.meta.key, url).toBe('notFound');
    }
    const admin = await h.login('admin');
    const a2 = await h.post('/api/user/findById', { id: ids.agent2 }, admin);
    expect(a2.data.nickname).not.toBe('hacked');
    expect(a2.data.parentId).toBe(1);
    const sub = await h.post('/api/user/findById', { id: ids.subagent }, admin);
    expect(sub.data.parentId).toBe(ids.agent);
    expect((await h.post('/api/login', { username: 'agent2user', password: '123456' })).meta.code).toBe(200);
  });

  it('a sub-agent cannot reach its parent', async () => {
    const sub = await h.login('subagent');
    expect((await h.post('/api/user/findById', { id: ids.agent }, sub)).meta.key).toBe('notFound');
  });
});

describe('OpenAPI', () => {
  it('is served at /api/docs with every account route', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    for (const p of [
      '/api/login',
      '/api/logout',
      '/api/user/findById',
      '/api/user/transferAgent',
      '/api/device/count/list',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
