import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { jt808Registrations } from '../../server/db/schema/jt808-registrations';
import { positions } from '../../server/db/schema/positions';
import { hashOsmAndKey } from '../../server/gateway/osmand/device-key';
import { PROTOCOL_FAMILY } from '../../src/domain/protocol-family';
import { ownedBy, reread } from './device-fixture';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
let demo: string;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  demo = await h.login('demo');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const is808 = (d: { protocol: number }) => PROTOCOL_FAMILY[d.protocol] === 'jt808';
const gt06Of = async (owner: string, n = 0) => (await ownedBy(h, owner)).filter((d) => !is808(d))[n]!;
const jt808Of = async (owner: string) => (await ownedBy(h, owner)).find(is808)!;
const foreign = async () => (await ownedBy(h, 'agent2user'))[0] ?? (await ownedBy(h, 'agent2'))[0]!;

/** A 15-digit IMEI no device has. */
let serial = 0;
const freshImei = () => `86${String(Date.now()).slice(-8)}${String(serial++).padStart(5, '0')}`;

describe('updateDevice', () => {
  it('edits the device list fields through the shared service, plus the speed limit', async () => {
    const d = await gt06Of('agent');
    const r = await h.post(
      '/api/device/updateDevice',
      { terminalID: d.terminalId, nickname: ' Truck 9 ', remark: 'cold chain', speedLimit: 90, timezone: 7 },
      agent,
    );
    expect(r.meta.success, JSON.stringify(r.meta)).toBe(true);
    expect(r.data).toMatchObject({
      terminalID: d.terminalId,
      nickname: 'Truck 9',
      speedLimit: 90,
      timezone: 7,
    });
    const row = (await reread(h, [d.terminalId])).get(d.terminalId)!;
    expect(row.speedLimit).toBe(90);
    expect(row.remark).toBe('cold chain');
    const cleared = await h.post(
      '/api/device/updateDevice',
      { terminalID: d.terminalId, speedLimit: 0 },
      agent,
    );
    expect(cleared.data.speedLimit).toBeNull();
  });

  it('applies the shared checks (plate, scope) and refuses the demo', async () => {
    const d = await gt06Of('agent');
    const bad = await h.post(
      '/api/device/updateDevice',
      { terminalID: d.terminalId, carNumber: 'nope' },
      agent,
    );
    expect(bad.meta.key).toBe('plateInvalid');
    const other = await foreign();
    const out = await h.post(
      '/api/device/updateDevice',
      { terminalID: other.terminalId, nickname: 'x' },
      agent,
    );
    expect(out.status).toBe(404);
    const r = await h.post('/api/device/updateDevice', { terminalID: d.terminalId, nickname: 'x' }, demo);
    expect(r.meta.key).toBe('demoForbidden');
  });
});

describe('updateDevice: the OsmAnd key', () => {
  it('stores only a hash, clears with an empty key, refuses a short key and devices out of scope; sets the maximum speed', async () => {
    const d = await gt06Of('agent', 2);
    const key = `k-${freshImei()}`;
    const set = await h.post('/api/device/updateDevice', { terminalID: d.terminalId, osmandKey: key }, agent);
    expect(set.meta.success, JSON.stringify(set.meta)).toBe(true);
    const hash = async () =>
      (await h.handle.db.select({ k: devices.osmandKeyHash }).from(devices).where(eq(devices.id, d.id)))[0]!
        .k;
    expect(await hash()).toBe(hashOsmAndKey(key));
    expect(JSON.stringify(set.data)).not.toContain(key);
    const short = await h.post(
      '/api/device/updateDevice',
      { terminalID: d.terminalId, osmandKey: 'short' },
      agent,
    );
    expect(short.meta.key).toBe('osmandKeyInvalid');
    const other = await foreign();
    const out = await h.post(
      '/api/device/updateDevice',
      { terminalID: other.terminalId, osmandKey: key },
      agent,
    );
    expect(out.status).toBe(404);
    expect(
      (
        await h.handle.db.select({ k: devices.osmandKeyHash }).from(devices).where(eq(devices.id, other.id))
      )[0]!.k,
    ).toBeNull();
    await h.post('/api/device/updateDevice', { terminalID: d.terminalId, osmandKey: '' }, agent);
    expect(await hash()).toBeNull();
    const maxSpeed = async () =>
      (await h.handle.db.select({ v: devices.maxSpeed }).from(devices).where(eq(devices.id, d.id)))[0]!.v;
    await h.post('/api/device/updateDevice', { terminalID: d.terminalId, maxSpeed: 120 }, agent);
    expect(await maxSpeed()).toBe(120);
    await h.post('/api/device/updateDevice', { terminalID: d.terminalId, maxSpeed: 0 }, agent);
    expect(await maxSpeed()).toBeNull();
  });
});

describe('transformDeviceIMEI', () => {
  it('gives the device a new IMEI and keeps its account, expiry, name and history', async () => {
    const d = await gt06Of('agent', 1);
    await h.handle.db.insert(positions).values({ deviceId: d.id, fixTime: new Date(), lat: 22.5, lon: 114 });
    const history = async () =>
      Number(
        (await h.handle.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, d.id)))[0]!.n,
      );
    const before = await history();
    const next = freshImei();
    const r = await h.post(
      '/api/device/transformDeviceIMEI',
      { terminalID: d.terminalId, newTerminalID: next },
      agent,
    );
    expect(r.meta.success, JSON.stringify(r.meta)).toBe(true);
    expect(r.data).toMatchObject({ id: d.id, oldTerminalID: d.terminalId, terminalID: next });
    const [row] = await h.handle.db.select().from(devices).where(eq(devices.id, d.id));
    expect(row).toMatchObject({
      terminalId: next,
      userId: d.userId,
      agentId: d.agentId,
      nickname: d.nickname,
      platformExpireAt: d.platformExpireAt,
    });
    expect(await history()).toBe(before);
    expect((await reread(h, [d.terminalId])).size).toBe(0);
  });

  it('refuses an IMEI already in use, one wrong for the protocol, foreign devices and the demo', async () => {
    const [a, b] = (await ownedBy(h, 'agent')).filter((d) => !is808(d)).slice(2, 4);
    const taken = await h.post(
      '/api/device/transformDeviceIMEI',
      { terminalID: a!.terminalId, newTerminalID: b!.terminalId },
      agent,
    );
    expect(taken.meta.key).toBe('imeiExists');
    const j = await jt808Of('agent');
    const wrong = await h.post(
      '/api/device/transformDeviceIMEI',
      { terminalID: j.terminalId, newTerminalID: freshImei() },
      agent,
    );
    expect(wrong.meta.key).toBe('imeiInvalid');
    const ok808 = await h.post(
      '/api/device/transformDeviceIMEI',
      { terminalID: j.terminalId, newTerminalID: `139${String(Date.now()).slice(-8)}` },
      agent,
    );
    expect(ok808.meta.success, JSON.stringify(ok808.meta)).toBe(true);
    const other = await foreign();
    const out = await h.post(
      '/api/device/transformDeviceIMEI',
      { terminalID: other.terminalId, newTerminalID: freshImei() },
      agent,
    );
    expect(out.status).toBe(404);
    expect((await reread(h, [other.terminalId])).size).toBe(1);
    const r = await h.post(
      '/api/device/transformDeviceIMEI',
      { terminalID: a!.terminalId, newTerminalID: freshImei() },
      demo,
    );
    expect(r.meta.key).toBe('demoForbidden');
  });
});

describe('transformDeviceApi', () => {
  it('moves devices like deviceTransform', async () => {
    const d = await gt06Of('agent', 4);
    const sub = await h.idOf('subagent');
    const r = await h.post(
      '/api/device/transformDeviceApi',
      { terminalIDs: [d.terminalId], userId: sub },
      agent,
    );
    expect(r.data).toMatchObject({ total: 1, succeeded: 1, failed: [] });
    expect((await reread(h, [d.terminalId])).get(d.terminalId)!.userId).toBe(sub);
    const again = await h.post(
      '/api/device/transformDeviceApi',
      { terminalIDs: [d.terminalId], userId: sub },
      agent,
    );
    expect(again.data.failed[0].key).toBe('deviceAlreadyOwned');
  });
});

describe('userSale', () => {
  const saleNum = async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'agent', password: '123456' },
    });
    const data = r.json().data;
    return Number(data.saleNum ?? data.userInfo?.saleNum);
  };

  it('sells devices to a customer below the agent, sets the user expiry and counts the sale', async () => {
    const d = await gt06Of('agent', 5);
    const user = await h.idOf('user');
    const sold = await saleNum();
    const expiry = new Date(
      Math.min(d.platformExpireAt?.getTime() ?? Date.now() + 86_400_000, Date.now() + 86_400_000),
    );
    const r = await h.post(
      '/api/device/userSale',
      { terminalIDs: [d.terminalId], userId: user, userExpireAt: expiry.toISOString() },
      agent,
    );
    expect(r.data, JSON.stringify(r)).toMatchObject({ total: 1, succeeded: 1, failed: [] });
    const row = (await reread(h, [d.terminalId])).get(d.terminalId)!;
    expect(row.userId).toBe(user);
    expect(row.agentId).toBe(d.agentId);
    expect(row.userExpireAt?.getTime()).toBe(expiry.getTime());
    expect(await saleNum()).toBe(sold + 1);
  });

  it('refuses a non-customer, an account of another tree, foreign devices and the demo', async () => {
    const d = await gt06Of('agent', 6);
    const toAgent = await h.post(
      '/api/device/userSale',
      { terminalIDs: [d.terminalId], userId: await h.idOf('subagent') },
      agent,
    );
    expect(toAgent.meta.key).toBe('saleTargetNotCustomer');
    const toForeign = await h.post(
      '/api/device/userSale',
      { terminalIDs: [d.terminalId], userId: await h.idOf('agent2user') },
      agent,
    );
    expect(toForeign.status).toBe(404);
    const other = await foreign();
    const r = await h.post(
      '/api/device/userSale',
      { terminalIDs: [other.terminalId], userId: await h.idOf('user') },
      agent,
    );
    expect(r.data.failed[0]).toMatchObject({ terminalID: other.terminalId, key: 'notFound' });
    expect((await reread(h, [other.terminalId])).get(other.terminalId)!.userId).toBe(other.userId);
    const byDemo = await h.post('/api/device/userSale', { terminalIDs: [d.terminalId], userId: 4 }, demo);
    expect(byDemo.meta.key).toBe('demoForbidden');
  });
});

describe('getDeviceListByAgentIds', () => {
  it('pages the devices of several accounts of the subtree', async () => {
    const ids = [await h.idOf('subagent'), await h.idOf('user')];
    const expected = (await ownedBy(h, 'subagent')).length + (await ownedBy(h, 'user')).length;
    const r = await h.post('/api/device/getDeviceListByAgentIds', { agentIds: ids, pageSize: 100 }, agent);
    expect(r.meta.success, JSON.stringify(r.meta)).toBe(true);
    expect(r.data.total).toBe(expected);
    expect(r.data.list.every((row: { userId: number }) => ids.includes(row.userId))).toBe(true);
    const withSub = await h.post(
      '/api/device/getDeviceListByAgentIds',
      { agentIds: [await h.idOf('subagent')], includeSubtree: true, pageSize: 5 },
      agent,
    );
    expect(withSub.data.total).toBe(expected);
    expect(withSub.data.list).toHaveLength(Math.min(5, expected));
  });

  it('refuses an account outside the subtree', async () => {
    const r = await h.post(
      '/api/device/getDeviceListByAgentIds',
      { agentIds: [await h.idOf('agent2')] },
      agent,
    );
    expect(r.status).toBe(404);
  });
});

describe('findAllUserByTerminalIdList', () => {
  it('names the owner and the chain from the caller, and never another tree', async () => {
    const mine = (await ownedBy(h, 'user'))[0]!;
    const other = await foreign();
    const r = await h.post(
      '/api/device/findAllUserByTerminalIdList',
      { imeis: `${mine.terminalId}\n${other.terminalId}\n123456789` },
      agent,
    );
    expect(r.data.list).toEqual([
      expect.objectContaining({
        terminalID: mine.terminalId,
        owner: expect.objectContaining({ username: 'user' }),
        ownerPath: ['agent', 'subagent', 'user'],
      }),
    ]);
    expect(r.data.missing).toEqual([other.terminalId, '123456789']);
    expect(JSON.stringify(r.data)).not.toContain('agent2');
  });
});

describe('getEnableTime', () => {
  it('answers activation and expiry times in scope only', async () => {
    const d = await gt06Of('agent');
    const r = await h.get(`/api/device/getEnableTime?terminalID=${d.terminalId}`, agent);
    expect(r.data).toEqual({
      terminalID: d.terminalId,
      activatedAt: d.activatedAt?.toISOString() ?? null,
      platformExpireAt: d.platformExpireAt?.toISOString() ?? null,
      userExpireAt: d.userExpireAt?.toISOString() ?? null,
      expireType: d.expireType,
    });
    const other = await foreign();
    expect((await h.get(`/api/device/getEnableTime?terminalID=${other.terminalId}`, agent)).status).toBe(404);
  });
});

describe('findKey', () => {
  it('shows the 808 code to the agent and to factory staff, never to customers or the demo', async () => {
    const j = await jt808Of('agent');
    await h.handle.db
      .insert(jt808Registrations)
      .values({ terminalId: j.terminalId, authCode: 'AUTH-1234', terminalKey: 'k' })
      .onConflictDoUpdate({ target: jt808Registrations.terminalId, set: { authCode: 'AUTH-1234' } });
    const r = await h.get(`/api/device/findKey?terminalID=${j.terminalId}`, agent);
    expect(r.data).toMatchObject({
      terminalID: j.terminalId,
      family: 'jt808',
      needed: true,
      authCode: 'AUTH-1234',
    });
    const factory = await h.get(`/api/device/findKey?terminalID=${j.terminalId}`, await h.login('test'));
    expect(factory.data.authCode).toBe('AUTH-1234');
    expect(
      (await h.get(`/api/device/findKey?terminalID=${j.terminalId}`, await h.login('user'))).status,
    ).toBe(403);
    expect((await h.get(`/api/device/findKey?terminalID=${j.terminalId}`, demo)).meta.key).toBe(
      'demoForbidden',
    );
    expect(
      (await h.get(`/api/device/findKey?terminalID=${j.terminalId}`, await h.login('agent2'))).status,
    ).toBe(404);
  });

  it('says a GT06 tracker needs no code', async () => {
    const d = await gt06Of('agent');
    const r = await h.get(`/api/device/findKey?terminalID=${d.terminalId}`, agent);
    expect(r.data).toMatchObject({ family: PROTOCOL_FAMILY[d.protocol] ?? null, authCode: null });
  });
});
