import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Issue 32: a transfer (and a sale) shows what it will do before it does it. The preview is the
 * batch's own dry run, so it answers what the transfer then does. Own accounts and devices.
 */
let h: Harness;
let admin: string;
const tag = `tp${Date.now() % 1e6}`;
let seq = 0;
const ids: Record<string, number> = {};
let agent = '';

async function account(name: string, role: number, parentId: number) {
  const r = await h.post(
    '/api/user/insertUser',
    { username: `${tag}${name}`, password: '123456', role, parentId },
    admin,
  );
  expect(r.meta.success, r.meta.message).toBe(true);
  ids[name] = r.data.id;
}

async function device(owner: number, nickname = '') {
  const terminalId = `8660${String(Date.now() % 1e8).padStart(8, '0')}${String(seq++).padStart(3, '0')}`;
  await h.handle.db.insert(devices).values({ terminalId, userId: owner, protocol: 13, nickname });
  return terminalId;
}

const ownersOf = async (ts: string[]) =>
  new Map(
    (
      await h.handle.db
        .select({ t: devices.terminalId, u: devices.userId })
        .from(devices)
        .where(inArray(devices.terminalId, ts))
    ).map((r) => [r.t, r.u]),
  );

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login('admin');
  await account('agent', 2, await h.idOf('admin'));
  await account('from', 2, ids.agent!);
  await account('to', 3, ids.agent!);
  agent = await h.login(`${tag}agent`);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('device transfer: preview, then the same result', () => {
  it('lists each device with its owner, the new owner and the refusals, and changes nothing', async () => {
    const moving = [await device(ids.from!, 'Truck 7'), await device(ids.from!), await device(ids.agent!)];
    const already = await device(ids.to!);
    // Another agent's device is none of this agent's business: refused as unknown.
    const foreign = await device(await h.idOf('agent2'));
    const body = { terminalIDs: [moving[0], already, moving[1], foreign, moving[2]], userId: ids.to };

    const preview = await h.post('/api/device/deviceTransform/preview', body, agent);
    expect(preview.status, JSON.stringify(preview.meta)).toBe(200);
    const p = preview.data;
    expect(p.newOwner).toEqual({ id: ids.to, username: `${tag}to`, nickname: '' });
    expect(p.items).toEqual([
      { terminalID: moving[0], name: 'Truck 7', owner: `${tag}from` },
      { terminalID: moving[1], name: moving[1], owner: `${tag}from` },
      { terminalID: moving[2], name: moving[2], owner: `${tag}agent` },
    ]);
    expect(p.failed.map((f: { terminalID: string; key: string }) => [f.terminalID, f.key])).toEqual([
      [already, 'deviceAlreadyOwned'],
      [foreign, 'notFound'],
    ]);
    expect(p).toMatchObject({ total: 5, succeeded: 3 });
    expect((await ownersOf(moving)).get(moving[0]!)).toBe(ids.from);

    const done = await h.post('/api/device/deviceTransform', body, agent);
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ total: p.total, succeeded: p.succeeded, failed: p.failed });
    const owners = await ownersOf([...moving, foreign]);
    for (const t of moving) expect(owners.get(t)).toBe(p.newOwner.id);
    expect(owners.get(foreign)).toBe(await h.idOf('agent2'));
  });

  it('a sale previews the same way', async () => {
    const t = await device(ids.from!);
    const body = { terminalIDs: [t], userId: ids.to };
    const preview = await h.post('/api/device/userSale/preview', body, agent);
    expect(preview.status, JSON.stringify(preview.meta)).toBe(200);
    expect(preview.data.items).toEqual([{ terminalID: t, name: t, owner: `${tag}from` }]);
    const done = await h.post('/api/device/userSale', body, agent);
    expect(done.data).toEqual({ total: 1, succeeded: 1, failed: [] });
    expect((await ownersOf([t])).get(t)).toBe(ids.to);
  });

  it('a transfer to an account outside the caller’s tree is refused by the preview as by the transfer', async () => {
    const t = await device(ids.from!);
    const body = { terminalIDs: [t], userId: await h.idOf('agent2') };
    const preview = await h.post('/api/device/deviceTransform/preview', body, agent);
    const done = await h.post('/api/device/deviceTransform', body, agent);
    expect(preview.status).toBe(done.status);
    expect(preview.meta.key).toBe(done.meta.key);
    expect(preview.status).toBeGreaterThanOrEqual(400);
  });
});
