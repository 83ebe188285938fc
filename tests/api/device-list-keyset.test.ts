import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkFleet } from '../../server/db/seed/bulk';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Keyset paging of the device list (server/services/devices/keyset.ts, page-map.ts): pages
 * asked by cursor and by number are the same rows in the same order, deep pages included (past
 * the OFFSET limit they seek through the page map), under every order and filter, and the
 * caller's scope still bounds them. A fleet of 1,200 devices under `subagent` makes the deep
 * pages.
 */
let h: Harness;
let agent: string;
let subagent: string;
const PATH = '/api/device/deviceListV2';

interface Page {
  list: { id: number; terminalID: string; userId: number }[];
  total: number;
  next?: string;
  prev?: string;
}

beforeAll(async () => {
  h = await startHarness();
  await seedBulkFleet(h.handle.db, {
    username: 'keysetfleet',
    parentUsername: 'subagent',
    count: 1200,
    subAccounts: 3,
  });
  agent = await h.login('agent');
  subagent = await h.login('subagent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

async function page(body: object, token = agent): Promise<Page> {
  const r = await h.post(PATH, body, token);
  expect(r.meta.success, JSON.stringify(r.meta)).toBe(true);
  return r.data as Page;
}

/** Every page by number, then every page by following `next`, and back by `prev`. */
async function walk(body: Record<string, unknown>, token = agent) {
  const first = await page({ ...body, pageNum: 1 }, token);
  const size = Number(body.pageSize ?? 15);
  const pages = Math.ceil(first.total / size);
  const byNumber: Page[] = [first];
  for (let n = 2; n <= pages; n++) byNumber.push(await page({ ...body, pageNum: n }, token));
  const byCursor: Page[] = [first];
  while (byCursor.length < pages) byCursor.push(await page({ ...body, after: byCursor.at(-1)!.next }, token));
  const backwards: Page[] = [byCursor.at(-1)!];
  while (backwards.length < pages)
    backwards.unshift(await page({ ...body, before: backwards[0]!.prev }, token));
  const ids = (ps: Page[]) => ps.map((p) => p.list.map((r) => r.id));
  return { total: first.total, byNumber: ids(byNumber), byCursor: ids(byCursor), backwards: ids(backwards) };
}

/** The ids the list must show, in order, as PostgreSQL sorts them. */
async function expected(where: string, order: string): Promise<number[]> {
  const { rows } = await h.handle.db.execute<{ id: number }>(
    sql.raw(`SELECT d.id FROM devices d JOIN users u ON u.id = d.user_id WHERE ${where} ORDER BY ${order}`),
  );
  return rows.map((r) => Number(r.id));
}
const subtreeOf = (name: string) =>
  `(u.username = '${name}' OR (',' || u.ancestors || ',') LIKE '%,' || (SELECT id FROM users WHERE username = '${name}') || ',%')`;

describe('device list keyset paging', () => {
  it('gives the same rows in the same order by page number, by next and by prev, deep pages included', async () => {
    const w = await walk({ pageSize: 50 });
    const want = await expected(subtreeOf('agent'), 'd.id DESC');
    expect(w.total).toBe(want.length);
    expect(want.length).toBeGreaterThan(1200);
    expect(w.byNumber.flat()).toEqual(want);
    expect(w.byCursor).toEqual(w.byNumber);
    expect(w.backwards).toEqual(w.byNumber);
  });

  it('answers a deep page by number exactly, and an empty page past the end', async () => {
    const want = await expected(subtreeOf('agent'), 'd.id DESC');
    const deep = await page({ pageNum: 70, pageSize: 15 });
    expect(deep.list.map((r) => r.id)).toEqual(want.slice(69 * 15, 70 * 15));
    const last = Math.ceil(want.length / 15);
    expect((await page({ pageNum: last, pageSize: 15 })).list.map((r) => r.id)).toEqual(
      want.slice((last - 1) * 15),
    );
    const beyond = await page({ pageNum: last + 3, pageSize: 15 });
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(want.length);
    expect(beyond.next).toBeUndefined();
  });

  it.each([
    ['lastOnlineAt', 'desc', 'd.last_online_at DESC, d.id DESC'],
    ['lastOnlineAt', 'asc', 'd.last_online_at ASC, d.id ASC'],
    ['platformExpireAt', 'desc', 'd.platform_expire_at DESC, d.id DESC'],
    ['terminalID', 'asc', 'd.terminal_id ASC, d.id ASC'],
    ['createdAt', 'desc', 'd.created_at DESC, d.id DESC'],
  ])(
    'pages by %s %s the same three ways, nulls where PostgreSQL sorts them',
    async (orderBy, order, sqlOrder) => {
      const w = await walk({ pageSize: 100, orderBy, order });
      expect(w.byNumber.flat()).toEqual(await expected(subtreeOf('agent'), sqlOrder));
      expect(w.byCursor).toEqual(w.byNumber);
      expect(w.backwards).toEqual(w.byNumber);
    },
  );

  it('keeps the filters on every page: the online tab, deep', async () => {
    const w = await walk({ pageSize: 20, menuType: 1 });
    expect(w.byNumber.length).toBeGreaterThan(300 / 20);
    expect(w.byCursor).toEqual(w.byNumber);
    const states = new Set<number>();
    for (let n = 1; n <= Math.ceil(w.total / 100); n++)
      for (const r of (await page({ pageSize: 100, menuType: 1, pageNum: n })).list as never as {
        state: number;
      }[])
        states.add(r.state);
    expect([...states]).toEqual([1]);
  });

  it('keeps the scope: a sub-agent never sees another tree, even with a cursor taken from a wider list', async () => {
    const w = await walk({ pageSize: 50 }, subagent);
    const want = await expected(subtreeOf('subagent'), 'd.id DESC');
    expect(w.byNumber.flat()).toEqual(want);
    expect(w.byCursor).toEqual(w.byNumber);
    // The agent's first page starts above the sub-agent's devices (its own newest devices
    // included): following it as the sub-agent still yields only the sub-agent's rows.
    const agentsFirst = await page({ pageSize: 15, orderBy: 'id', order: 'asc' });
    const foreign = await page(
      { pageSize: 100, orderBy: 'id', order: 'asc', after: agentsFirst.next },
      subagent,
    );
    expect(foreign.list.length).toBeGreaterThan(0);
    for (const r of foreign.list) expect(want).toContain(r.id);
    const other = await page({ pageSize: 100, pageNum: 5 }, await h.login('agent2'));
    for (const r of other.list) expect(want).not.toContain(r.id);
  });

  it('refuses a cursor that is not one, or belongs to another order', async () => {
    const bad = await h.post(PATH, { after: 'not-a-cursor' }, agent);
    expect([bad.status, bad.meta.key]).toEqual([400, 'validationFailed']);
    const byId = await page({ pageSize: 15 });
    const other = await h.post(PATH, { orderBy: 'createdAt', before: byId.next }, agent);
    expect([other.status, other.meta.key]).toEqual([400, 'validationFailed']);
  });
});
