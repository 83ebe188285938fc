import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { SEED_USER_IDS } from '../../server/db/seed/index';
import { ALARM_IDS_MAX } from '../../src/domain/alarm-list';
import { isInSubtree } from '../../src/domain/hierarchy';
import { readSheet } from '../../src/sheets';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The alarm list and its writes (docs/api/alarms.md). Alarms of a quiet range in 2020 are made
 * here, so the seed's recent alarms never enter the counts: three of agent's device, one of the
 * end user `user` (in agent's subtree) and one of agent2's.
 */
let h: Harness;
let agent: string;
let agent2: string;
let demo: string;
let user: string;
let agentDev: DeviceRow;
let userDev: DeviceRow;
let agent2Dev: DeviceRow;
const RANGE = { startDate: '2020-01-01', endDate: '2020-01-03' };
const at = (iso: string) => new Date(iso);
const ids: Record<string, number> = {};

const call = (path: string, body: object, token = agent) => h.post(`/api/deviceAlarms/${path}`, body, token);
const list = (body: object, token = agent) => call('findAllAlarm', { ...RANGE, ...body }, token);
const readOf = async (id: number) =>
  (await h.handle.db.select({ read: alarms.read }).from(alarms).where(eq(alarms.id, id)))[0]?.read;

async function firstDevice(owner: keyof typeof SEED_USER_IDS) {
  const [d] = await h.handle.db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, SEED_USER_IDS[owner]), isNotNull(devices.lat)))
    .orderBy(asc(devices.id))
    .limit(1);
  return d;
}

beforeAll(async () => {
  h = await startHarness();
  [agent, agent2, demo, user] = await Promise.all(['agent', 'agent2', 'demo', 'user'].map((u) => h.login(u)));
  [agentDev, userDev, agent2Dev] = await Promise.all(
    ['agent', 'user', 'agent2'].map((o) => firstDevice(o as 'agent')),
  );
  const rows = await h.handle.db
    .insert(alarms)
    .values([
      // Platform days are GMT+8: 2020-01-01 starts at 2019-12-31T16:00Z.
      {
        deviceId: agentDev.id,
        type: 'sos',
        time: at('2019-12-31T16:30:00Z'),
        lat: 39.9,
        lon: 116.4,
        speed: 0,
      },
      {
        deviceId: agentDev.id,
        type: 'overspeed',
        time: at('2020-01-02T03:00:00Z'),
        lat: 39.91,
        lon: 116.41,
        speed: 131,
      },
      {
        deviceId: agentDev.id,
        type: 'fenceOut',
        time: at('2020-01-03T10:00:00Z'),
        read: true,
        lat: 39.92,
        lon: 116.42,
        speed: 20,
      },
      { deviceId: userDev.id, type: 'sos', time: at('2020-01-02T05:00:00Z'), lat: 22.5, lon: 114, speed: 3 },
      {
        deviceId: agent2Dev.id,
        type: 'sos',
        time: at('2020-01-02T06:00:00Z'),
        lat: 31.2,
        lon: 121.4,
        speed: 5,
      },
      // Outside the range: 2020-01-03 ends at 2020-01-03T16:00Z.
      {
        deviceId: agentDev.id,
        type: 'sos',
        time: at('2020-01-03T16:00:00Z'),
        lat: 39.9,
        lon: 116.4,
        speed: 0,
      },
    ])
    .returning({ id: alarms.id, type: alarms.type, deviceId: alarms.deviceId, read: alarms.read });
  [ids.sos, ids.overspeed, ids.fenceOut, ids.userSos, ids.other, ids.later] = rows.map((r) => r.id);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('findAllAlarm', () => {
  it("lists the subtree's alarms of the range newest first, with the device's name and IMEI", async () => {
    const r = await list({});
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.data.total).toBe(4);
    expect(r.data.list.map((a: { id: number }) => a.id)).toEqual([
      ids.fenceOut,
      ids.userSos,
      ids.overspeed,
      ids.sos,
    ]);
    const row = r.data.list.find((a: { id: number }) => a.id === ids.overspeed);
    expect(row).toMatchObject({
      terminalID: agentDev.terminalId,
      deviceId: agentDev.id,
      type: 'overspeed',
      time: '2020-01-02T03:00:00.000Z',
      lat: 39.91,
      lon: 116.41,
      speed: 131,
      read: false,
      address: null,
    });
    expect(row.name).toBe(agentDev.carNumber || agentDev.nickname || agentDev.terminalId);
  });

  it('filters by read state, type, device, account and days', async () => {
    const idsOf = async (body: object, token = agent) =>
      (await list(body, token)).data.list.map((a: { id: number }) => a.id).sort();
    const sorted = (...xs: number[]) => xs.sort();
    expect(await idsOf({ read: 'unread' })).toEqual(sorted(ids.sos, ids.overspeed, ids.userSos));
    expect(await idsOf({ read: 'read' })).toEqual([ids.fenceOut]);
    expect(await idsOf({ types: ['sos'] })).toEqual(sorted(ids.sos, ids.userSos));
    expect(await idsOf({ types: ['sos', 'fenceOut'], terminalIDs: [agentDev.terminalId] })).toEqual(
      sorted(ids.sos, ids.fenceOut),
    );
    expect(await idsOf({ userId: SEED_USER_IDS.user })).toEqual([ids.userSos]);
    expect(await idsOf({ userId: SEED_USER_IDS.agent, includeSubtree: false })).toEqual(
      sorted(ids.sos, ids.overspeed, ids.fenceOut),
    );
    expect(await idsOf({ startDate: '2020-01-03', endDate: '2020-01-03' })).toEqual([ids.fenceOut]);
    expect(await idsOf({ startDate: '2020-01-04', endDate: '2020-01-04' })).toEqual([ids.later]);
    // The end user sees its own device's alarms only.
    expect(await idsOf({}, user)).toEqual([ids.userSos]);
  });

  it('pages with pageNum and pageSize', async () => {
    const p1 = await list({ pageNum: 1, pageSize: 3 });
    const p2 = await list({ pageNum: 2, pageSize: 3 });
    expect(p1.data.total).toBe(4);
    expect(p2.data.total).toBe(4);
    expect(p1.data.list).toHaveLength(3);
    expect(p2.data.list.map((a: { id: number }) => a.id)).toEqual([ids.sos]);
    expect((await list({ pageNum: 9, pageSize: 3 })).data.list).toEqual([]);
  });

  it('answers the unread total of the whole subtree for the bell (pageSize 1, no range)', async () => {
    const accounts = await h.handle.db.select().from(users);
    const root = accounts.find((a) => a.id === SEED_USER_IDS.agent)!;
    const owners = accounts.filter((a) => isInSubtree(a, root)).map((a) => a.id);
    const [{ n }] = await h.handle.db
      .select({ n: count() })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(and(eq(alarms.read, false), inArray(devices.userId, owners)));
    const r = await call('findAllAlarm', { read: 'unread', pageSize: 1 });
    expect(r.data.list).toHaveLength(1);
    expect(r.data.total).toBe(Number(n));
    expect(r.data.total).toBeGreaterThan(3);
    expect((await call('findAllAlarm', { read: 'unread', pageSize: 1 }, agent2)).data.total).toBeLessThan(
      r.data.total,
    );
  });
});

describe('scope', () => {
  it("never shows agent's alarms to agent2, by filter or by id", async () => {
    const r = await list({}, agent2);
    expect(r.data.list.map((a: { id: number }) => a.id)).toEqual([ids.other]);
    expect((await list({ terminalIDs: [agentDev.terminalId] }, agent2)).data.total).toBe(0);
    expect((await list({ userId: SEED_USER_IDS.agent }, agent2)).status).toBe(404);
  });

  it("never lets agent2 change or delete agent's alarms", async () => {
    expect((await call('upDateDeviceAlarm', { ids: [ids.sos], read: true }, agent2)).data).toEqual({
      updated: 0,
    });
    expect(await readOf(ids.sos)).toBe(false);
    const all = await call('upDateDeviceAlarm', { all: true, read: true, ...RANGE }, agent2);
    expect(all.data).toEqual({ updated: 1 });
    expect(await readOf(ids.sos)).toBe(false);
    expect(await readOf(ids.other)).toBe(true);
    expect((await call('deleteDeviceAlarm', { id: ids.sos }, agent2)).status).toBe(404);
    expect((await call('deleteDeviceAlarm', { ids: [ids.sos, ids.overspeed] }, agent2)).data).toEqual({
      deleted: 0,
    });
    expect((await call('saveAlarmAddress', { id: ids.sos, address: 'x' }, agent2)).status).toBe(404);
    expect(await readOf(ids.sos)).toBe(false);
    const [row] = await h.handle.db.select().from(alarms).where(eq(alarms.id, ids.sos));
    expect(row.address).toBeNull();
  });
});

describe('writes', () => {
  it('marks alarms read and unread by id', async () => {
    const r = await call('upDateDeviceAlarm', { ids: [ids.sos, ids.overspeed], read: true });
    expect(r.data).toEqual({ updated: 2 });
    expect(await readOf(ids.sos)).toBe(true);
    expect((await list({ read: 'unread' })).data.list.map((a: { id: number }) => a.id)).toEqual([
      ids.userSos,
    ]);
    expect((await call('upDateDeviceAlarm', { ids: [ids.sos], read: false })).data).toEqual({ updated: 1 });
    expect(await readOf(ids.sos)).toBe(false);
    expect(await readOf(ids.overspeed)).toBe(true);
  });

  it('marks every alarm matching a filter read, and only those', async () => {
    const r = await call('upDateDeviceAlarm', { all: true, read: true, ...RANGE, types: ['sos'] });
    expect(r.data).toEqual({ updated: 2 });
    expect(await readOf(ids.sos)).toBe(true);
    expect(await readOf(ids.userSos)).toBe(true);
    expect(await readOf(ids.later)).toBe(false);
    await call('upDateDeviceAlarm', { all: true, read: true, ...RANGE });
    expect((await list({ read: 'unread' })).data.total).toBe(0);
  });

  it('saves the address the client geocoded', async () => {
    const r = await call('saveAlarmAddress', { id: ids.overspeed, address: ' 北京市东城区东长安街 ' });
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const row = (await list({ types: ['overspeed'] })).data.list[0];
    expect(row.address).toBe('北京市东城区东长安街');
  });

  it('deletes by id and by ids', async () => {
    expect((await call('deleteDeviceAlarm', { id: ids.later })).data).toEqual({ deleted: 1 });
    expect((await call('deleteDeviceAlarm', { id: ids.later })).status).toBe(404);
    const extra = await h.handle.db
      .insert(alarms)
      .values([
        { deviceId: agentDev.id, type: 'vibration', time: at('2020-01-05T01:00:00Z') },
        { deviceId: agentDev.id, type: 'vibration', time: at('2020-01-05T02:00:00Z') },
      ])
      .returning({ id: alarms.id });
    const r = await call('deleteDeviceAlarm', { ids: extra.map((e) => e.id) });
    expect(r.data).toEqual({ deleted: 2 });
    expect((await list({ startDate: '2020-01-04', endDate: '2020-01-06' })).data.total).toBe(0);
  });
});

describe('exportDeviceAlarms', () => {
  it('is an xlsx of the filtered rows, newest first, types named in the language asked', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/deviceAlarms/exportDeviceAlarms',
      payload: { ...RANGE, format: 'xlsx' },
      headers: { authorization: `Bearer ${agent}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/alarms-.*\.xlsx/);
    expect(res.headers['x-export-truncated']).toBe('0');
    const [header, ...rows] = await readSheet(res.rawPayload, 'xlsx');
    expect(header).toEqual([
      'IMEI',
      'Device',
      'Alarm type',
      'Time',
      'Latitude',
      'Longitude',
      'Speed (km/h)',
      'Address',
      'Status',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[0].slice(0, 4)).toEqual([
      agentDev.terminalId,
      expect.any(String),
      'Left fence',
      '2020-01-03 18:00:00',
    ]);
    expect(rows[2][2]).toBe('Overspeed');
    expect(rows[2][7]).toBe('北京市东城区东长安街');
    expect(rows.map((r) => r[8])).toEqual(['Read', 'Read', 'Read', 'Read']);

    const cn = await h.app.inject({
      method: 'POST',
      url: '/api/deviceAlarms/exportDeviceAlarms',
      payload: { ...RANGE, types: ['sos'], format: 'csv' },
      headers: { authorization: `Bearer ${agent}`, 'accept-language': 'zh-CN' },
    });
    const csv = await readSheet(cn.rawPayload, 'csv');
    expect(csv).toHaveLength(3);
    expect(csv[1][2]).toBe('SOS求救');
    expect(csv[0][0]).toBe('IMEI');
    expect(csv[0][2]).toBe('报警类型');
    expect(csv[1][8]).toBe('已读');
  });
});

describe('the demo account and bad input', () => {
  it('lets demo list and export but not change', async () => {
    const r = await call('findAllAlarm', { read: 'all' }, demo);
    expect(r.status).toBe(200);
    expect(r.data.total).toBeGreaterThan(0);
    const id = r.data.list[0].id;
    const exp = await h.app.inject({
      method: 'POST',
      url: '/api/deviceAlarms/exportDeviceAlarms',
      payload: {},
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(exp.statusCode).toBe(200);
    for (const [path, body] of [
      ['upDateDeviceAlarm', { ids: [id], read: true }],
      ['upDateDeviceAlarm', { all: true, read: true }],
      ['saveAlarmAddress', { id, address: 'x' }],
      ['deleteDeviceAlarm', { id }],
    ] as const) {
      const w = await call(path, body, demo);
      expect(w.status, path).toBe(403);
      expect(w.meta.key).toBe('demoForbidden');
    }
    const [row] = await h.handle.db.select().from(alarms).where(eq(alarms.id, id));
    expect(row).toBeTruthy();
  });

  it('answers 400 to bad input', async () => {
    const bad: [string, object][] = [
      ['findAllAlarm', { read: 'maybe' }],
      ['findAllAlarm', { pageSize: 1000 }],
      ['findAllAlarm', { startDate: '2020-13-01' }],
      ['findAllAlarm', { types: ['a'.repeat(33)] }],
      ['upDateDeviceAlarm', { ids: [ids.sos] }],
      ['upDateDeviceAlarm', { ids: ['x'], read: true }],
      ['upDateDeviceAlarm', { ids: Array.from({ length: ALARM_IDS_MAX + 1 }, (_, i) => i + 1), read: true }],
      ['upDateDeviceAlarm', { read: true }],
      ['deleteDeviceAlarm', {}],
      ['saveAlarmAddress', { id: ids.sos, address: 'a'.repeat(256) }],
      ['saveAlarmAddress', { id: ids.sos, address: 'a\u0000b' }],
      ['saveAlarmAddress', { id: 0, address: 'a' }],
    ];
    for (const [path, body] of bad) {
      const r = await call(path, body);
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
    }
    const order = await list({ startDate: '2020-01-03', endDate: '2020-01-01' });
    expect(order.status).toBe(400);
    expect(order.meta.key).toBe('rangeOrder');
  });
});
