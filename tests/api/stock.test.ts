import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PROTOCOL } from '../../src/domain/codes';
import { REMOVAL_REASON } from '../../src/domain/stock';
import { alarms } from '../../server/db/schema/alarms';
import { commands } from '../../server/db/schema/commands';
import { deviceLogs } from '../../server/db/schema/device-logs';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { stock } from '../../server/db/schema/stock';
import { stockRecords } from '../../server/db/schema/stock-records';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let stocker: string;
let tester: string;
let stockerId: number;

beforeAll(async () => {
  h = await startHarness();
  [stocker, tester] = await Promise.all([h.login('teststock'), h.login('test')]);
  stockerId = await h.idOf('teststock');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const db = () => h.handle.db;
const stockRow = async (t: string) => (await db().select().from(stock).where(eq(stock.terminalId, t)))[0];
const deviceRow = async (t: string) =>
  (await db().select().from(devices).where(eq(devices.terminalId, t)))[0];
const recordsOf = (t: string) =>
  db().select().from(stockRecords).where(eq(stockRecords.terminalId, t)).orderBy(asc(stockRecords.id));
/** Report lines by terminal id: `ok` or the refusal key. */
const outcome = (data: { results: { terminalID: string; ok: boolean; key?: string }[] }) =>
  data.results.map((r) => [r.terminalID, r.ok ? 'ok' : r.key]);
const inStock = async (batchNo: string, n = 1) =>
  (
    await db()
      .select({ t: stock.terminalId, iccid: stock.iccid })
      .from(stock)
      .where(and(eq(stock.batchNo, batchNo), eq(stock.status, 'in_stock'), eq(stock.deviceType, 'GT06N')))
      .orderBy(asc(stock.id))
      .limit(n)
  ).map((r) => r.t);

describe('stock in', () => {
  it('reports every line of a mixed file and stocks only the good ones, untested, with records', async () => {
    const [ready] = await inStock('B-DEMO-READY');
    const [shipped] = await db().select().from(stock).where(eq(stock.status, 'shipped')).limit(1);
    const [takenIccid] = await db()
      .select({ v: stock.iccid })
      .from(stock)
      .where(and(isNotNull(stock.iccid), ne(stock.terminalId, ready)))
      .limit(1);
    const rows = [
      { terminalID: '861234500000011', iccid: '89860000000000000011' },
      { terminalID: '861234500000012', iccid: 'JT808-A' },
      { terminalID: '861234500000013', iccid: 'GT800' },
      { terminalID: '861234500000011' },
      { terminalID: ready },
      { terminalID: shipped.terminalId },
      { terminalID: 'ab!' },
      { terminalID: '861234500000014', deviceType: 'NO-SUCH' },
      { terminalID: '861234500000015', iccid: takenIccid.v! },
      { terminalID: '19900000099', deviceType: 'JT808-A' },
    ];
    const startedAt = new Date(Date.now() - 1000);
    const r = await h.post(
      '/api/preInput/deviceInputIn',
      { rows, batchNo: 'B-TEST-1', deviceType: 'GT06N' },
      stocker,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(outcome(r.data)).toEqual([
      ['861234500000011', 'ok'],
      // "IMEI,type" of an 808 type: the IMEI must be an 11-digit number
      ['861234500000012', 'imeiInvalid'],
      ['861234500000013', 'ok'],
      ['861234500000011', 'imeiDuplicate'],
      [ready, 'stockExists'],
      [shipped.terminalId, 'stockShipped'],
      ['ab!', 'imeiInvalid'],
      ['861234500000014', 'deviceTypeUnknown'],
      ['861234500000015', 'iccidTaken'],
      ['19900000099', 'ok'],
    ]);
    expect(r.data).toMatchObject({ total: 10, succeeded: 3 });

    const first = await stockRow('861234500000011');
    expect(first).toMatchObject({
      status: 'in_stock',
      deviceType: 'GT06N',
      iccid: '89860000000000000011',
      batchNo: 'B-TEST-1',
      testPassed: false,
      imei: '861234500000011',
    });
    expect(await stockRow('861234500000013')).toMatchObject({ deviceType: 'GT800', iccid: null });
    expect(await stockRow('19900000099')).toMatchObject({ deviceType: 'JT808-A', imei: null });
    for (const refused of ['861234500000012', '861234500000014', '861234500000015'])
      expect(await stockRow(refused)).toBeUndefined();
    // the refused existing rows are untouched
    expect(await stockRow(ready)).toMatchObject({ status: 'in_stock', batchNo: 'B-DEMO-READY' });

    const [rec] = await recordsOf('861234500000011');
    expect(rec).toMatchObject({ op: 'in', userId: stockerId });
    expect(rec.detail).toMatchObject({ before: null, after: { status: 'in_stock', batchNo: 'B-TEST-1' } });
    // a refused line leaves no record (the seed's record of its stocking stays alone)
    expect((await recordsOf(ready)).filter((x) => x.createdAt > startedAt)).toEqual([]);
  });

  it('finds the stocked terminals in the stock list by batch, state and test', async () => {
    const r = await h.post('/api/preInput/stockList', { batchNo: 'B-TEST-1', status: 'in_stock' }, stocker);
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((x: { test: string }) => x.test)).toEqual(['untested', 'untested', 'untested']);
    const passed = await h.post('/api/preInput/stockList', { batchNo: 'B-TEST-1', test: 'passed' }, stocker);
    expect(passed.data.total).toBe(0);
    const byIccid = await h.post('/api/preInput/stockList', { iccid: '8986000000000000001' }, stocker);
    expect(byIccid.data.list.map((x: { terminalID: string }) => x.terminalID)).toContain('861234500000011');
  });
});

describe('stock export', () => {
  it('exports the filtered stock as csv', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/preInput/stockExport',
      payload: { batchNo: 'B-TEST-1', format: 'csv' },
      headers: { authorization: `Bearer ${stocker}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('IMEI');
    expect(lines.find((l) => l.includes('861234500000011'))).toContain('89860000000000000011');
  });
});

describe('shipping and removal', () => {
  it('ships tested terminals to an agent, who can then import them; the rest are reported', async () => {
    const [a, b] = await inStock('B-DEMO-READY', 2);
    const [untested] = (
      await db()
        .select({ t: stock.terminalId })
        .from(stock)
        .where(eq(stock.batchNo, 'B-DEMO-UNTESTED'))
        .limit(1)
    ).map((x) => x.t);
    const agentId = await h.idOf('agent');
    const imeis = [a, b, untested, '861234500000011', '999999999999', a].join('\n');
    const r = await h.post(
      '/api/preInput/inputImportTerminalIDs',
      { imeis, username: 'agent', remark: 'PO 7' },
      stocker,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(outcome(r.data)).toEqual([
      [a, 'ok'],
      [b, 'ok'],
      [untested, 'stockNotTested'],
      ['861234500000011', 'stockNotTested'],
      ['999999999999', 'stockUnknown'],
      [a, 'imeiDuplicate'],
    ]);
    const row = await stockRow(a);
    expect(row).toMatchObject({ status: 'shipped', shippedTo: agentId });
    expect(row.shippedAt).toBeInstanceOf(Date);
    expect(await stockRow(untested)).toMatchObject({ status: 'in_stock', shippedTo: null });
    const [rec] = (await recordsOf(a)).filter((x) => x.op === 'out');
    expect(rec).toMatchObject({ op: 'out', userId: stockerId, targetUserId: agentId });
    expect(rec.detail).toMatchObject({ remark: 'PO 7', before: { status: 'in_stock' } });

    const again = await h.post(
      '/api/preInput/inputImportTerminalIDs',
      { imeis: a, username: 'agent' },
      stocker,
    );
    expect(outcome(again.data)).toEqual([[a, 'stockShipped']]);
    const shipped = await h.post('/api/preInput/stockList', { terminalID: a }, stocker);
    expect(shipped.data.list[0]).toMatchObject({ state: 'shipped', shippedTo: 'agent', test: 'passed' });

    const imported = await h.post(
      '/api/device/deviceImport',
      { imeis: `${a}\n861234500000011`, importProtocol: IMPORT_PROTOCOL.gt06 },
      await h.login('agent'),
    );
    expect(imported.status, JSON.stringify(imported.meta)).toBe(200);
    expect(imported.data.imported).toBe(1);
    // a terminal just stocked in has no passed factory test yet: the import refuses it
    expect(imported.data.results[1]).toMatchObject({
      imei: '861234500000011',
      ok: false,
      key: 'imeiNoTestRecord',
    });
  });

  it('refuses a receiving account that is not an agent', async () => {
    const [a] = await inStock('B-DEMO-READY');
    const r = await h.post('/api/preInput/inputImportTerminalIDs', { imeis: a, username: 'user' }, stocker);
    expect(r.status).toBe(400);
    expect(r.meta.key).toBe('shipTargetInvalid');
    expect(await stockRow(a)).toMatchObject({ status: 'in_stock' });
  });

  it('removes terminals with a reason, tested or not, shown as removed', async () => {
    const [untested] = (
      await db()
        .select({ t: stock.terminalId })
        .from(stock)
        .where(and(eq(stock.batchNo, 'B-DEMO-UNTESTED'), eq(stock.status, 'in_stock')))
        .limit(1)
    ).map((x) => x.t);
    const r = await h.post(
      '/api/preInput/deviceInputOut',
      { imeis: `${untested}\n000000`, reason: REMOVAL_REASON.scrap, remark: 'cracked case' },
      stocker,
    );
    expect(outcome(r.data)).toEqual([
      [untested, 'ok'],
      ['000000', 'stockUnknown'],
    ]);
    expect(await stockRow(untested)).toMatchObject({ status: 'shipped', shippedTo: null });
    const [rec] = (await recordsOf(untested)).filter((x) => x.op === 'removal');
    expect(rec).toMatchObject({ op: 'removal', targetUserId: null });
    expect(rec.detail).toMatchObject({ reason: REMOVAL_REASON.scrap, remark: 'cracked case' });
    const list = await h.post(
      '/api/preInput/stockList',
      { terminalID: untested, status: 'removed' },
      stocker,
    );
    expect(list.data.list[0]).toMatchObject({ state: 'removed', test: 'untested' });
  });
});

describe('SIM matching and lookup', () => {
  it('stores matched ICCIDs on stock and imported devices, refusing taken ICCIDs and unknown IMEIs', async () => {
    const [free] = await inStock('B-DEMO-READY');
    const [dev] = await db()
      .select({ t: devices.terminalId })
      .from(devices)
      .innerJoin(stock, eq(stock.terminalId, devices.terminalId))
      .orderBy(asc(devices.id))
      .limit(1);
    const holder = await stockRow('861234500000011');
    const rows = [
      { terminalID: free, iccid: '89861111111111111111' },
      { terminalID: dev.t, iccid: '89862222222222222222' },
      { terminalID: '861234500000013', iccid: holder.iccid! },
      { terminalID: '861234599999999', iccid: '89863333333333333333' },
      { terminalID: '861234500000011', iccid: '123' },
    ];
    const r = await h.post('/api/card/iccidMatch', { rows }, tester);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(outcome(r.data)).toEqual([
      [free, 'ok'],
      [dev.t, 'ok'],
      ['861234500000013', 'iccidTaken'],
      ['861234599999999', 'stockUnknown'],
      ['861234500000011', 'iccidInvalid'],
    ]);
    expect((await stockRow(free)).iccid).toBe('89861111111111111111');
    expect((await stockRow(dev.t)).iccid).toBe('89862222222222222222');
    expect((await deviceRow(dev.t)).iccid).toBe('89862222222222222222');
    expect((await stockRow('861234500000013')).iccid).toBeNull();
    const [rec] = (await recordsOf(dev.t)).filter((x) => x.op === 'iccid');
    expect(rec.detail).toMatchObject({ after: { iccid: '89862222222222222222' } });

    // both ways: the ICCID finds the terminal, the IMEI finds the ICCID
    const byIccid = await h.post('/api/card/searchIccid', { iccid: '89862222222222222222' }, stocker);
    expect(byIccid.status).toBe(200);
    expect(byIccid.data.list).toEqual([
      expect.objectContaining({
        terminalID: dev.t,
        matchedBy: 'iccid',
        imported: true,
        owner: expect.any(String),
      }),
    ]);
    const byImei = await h.post('/api/card/searchIccid', { iccid: free }, stocker);
    expect(byImei.data.list).toEqual([
      expect.objectContaining({
        terminalID: free,
        matchedBy: 'imei',
        stockIccid: '89861111111111111111',
        imported: false,
      }),
    ]);
    const none = await h.post('/api/card/searchIccid', { iccid: '89869999999999999999' }, stocker);
    expect(none.data.list).toEqual([]);
  });
});

describe('clearing', () => {
  it('clears the SIM binding of stock and device, and reports terminals without one', async () => {
    const [dev] = await db()
      .select({ t: devices.terminalId })
      .from(devices)
      .where(eq(devices.iccid, '89862222222222222222'));
    const r = await h.post(
      '/api/card/clearDeviceCard',
      { imeis: `${dev.t}\n861234500000013\n861234599999999` },
      tester,
    );
    expect(outcome(r.data)).toEqual([
      [dev.t, 'ok'],
      ['861234500000013', 'iccidNone'],
      ['861234599999999', 'stockUnknown'],
    ]);
    expect((await stockRow(dev.t)).iccid).toBeNull();
    expect(await deviceRow(dev.t)).toMatchObject({ iccid: '' });
    const [rec] = (await recordsOf(dev.t)).filter((x) => x.op === 'clearCard');
    expect(rec.detail).toMatchObject({
      before: { stockIccid: '89862222222222222222', deviceIccid: '89862222222222222222' },
    });
  });

  it("clears a device's history and nothing else: the device, its account and other devices' data stay", async () => {
    // two devices with positions; one cleared, one left alone
    const busy = await db()
      .select({ id: positions.deviceId, n: count() })
      .from(positions)
      .groupBy(positions.deviceId)
      .orderBy(asc(positions.deviceId))
      .limit(2);
    const [target, other] = await Promise.all(
      busy.map(async (b) => (await db().select().from(devices).where(eq(devices.id, b.id)))[0]),
    );
    for (const d of [target, other]) {
      await db()
        .insert(deviceLogs)
        .values({ deviceId: d.id, terminalId: d.terminalId, direction: 'in', raw: '7878' });
      await db()
        .insert(commands)
        .values({ deviceId: d.id, terminalId: d.terminalId, content: 'WHERE#', protocol: d.protocol });
    }
    const counts = async (d: typeof target) => ({
      positions: (await db().select({ n: count() }).from(positions).where(eq(positions.deviceId, d.id)))[0].n,
      alarms: (await db().select({ n: count() }).from(alarms).where(eq(alarms.deviceId, d.id)))[0].n,
      commands: (
        await db().select({ n: count() }).from(commands).where(eq(commands.terminalId, d.terminalId))
      )[0].n,
      frames: (
        await db().select({ n: count() }).from(deviceLogs).where(eq(deviceLogs.terminalId, d.terminalId))
      )[0].n,
    });
    const before = await counts(target);
    const otherBefore = await counts(other);
    expect(before.positions).toBeGreaterThan(0);

    const r = await h.post('/api/card/clearDevicesData', { imeis: target.terminalId }, tester);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.data.results[0]).toMatchObject({ ok: true, ...before });

    expect(await counts(target)).toEqual({ positions: 0, alarms: 0, commands: 0, frames: 0 });
    expect(await counts(other)).toEqual(otherBefore);
    const after = await deviceRow(target.terminalId);
    expect(after).toMatchObject({
      id: target.id,
      userId: target.userId,
      platformExpireAt: target.platformExpireAt,
      nickname: target.nickname,
      lat: null,
      fixTime: null,
    });
    expect((await deviceRow(other.terminalId)).lat).toBe(other.lat);
    const [rec] = (await recordsOf(target.terminalId)).filter((x) => x.op === 'clearData');
    expect(rec).toMatchObject({ userId: await h.idOf('test') });
    expect(rec.detail).toMatchObject({ before: { positions: before.positions }, after: { positions: 0 } });
  });
});

describe('access', () => {
  it('stock users are refused the SIM clearing and matching; the test role the stock screens', async () => {
    for (const url of ['/api/card/clearDeviceCard', '/api/card/clearDevicesData'])
      expect((await h.post(url, { imeis: '861234500000011' }, stocker)).status).toBe(403);
    const match = await h.post(
      '/api/card/iccidMatch',
      { rows: [{ terminalID: '861234500000011' }] },
      stocker,
    );
    expect(match.status).toBe(403);
    const stockIn = await h.post(
      '/api/preInput/deviceInputIn',
      { rows: [{ terminalID: '861234500000099' }], batchNo: 'X' },
      tester,
    );
    expect(stockIn.status).toBe(403);
    expect(await stockRow('861234500000099')).toBeUndefined();
  });

  it('reseller roles are refused everything', async () => {
    const calls: [string, unknown][] = [
      ['/api/preInput/stockList', {}],
      ['/api/preInput/stockExport', {}],
      ['/api/preInput/records', {}],
      [
        '/api/preInput/deviceInputIn',
        { rows: [{ terminalID: '861234500000098' }], batchNo: 'X', deviceType: 'GT06N' },
      ],
      ['/api/preInput/inputImportTerminalIDs', { imeis: '861234500000011', username: 'agent' }],
      ['/api/preInput/deviceInputOut', { imeis: '861234500000011', reason: 1 }],
      ['/api/card/searchIccid', { iccid: '861234500000011' }],
      ['/api/card/iccidMatch', { rows: [{ terminalID: '861234500000011', iccid: '89860000000000000099' }] }],
      ['/api/card/clearDeviceCard', { imeis: '861234500000011' }],
      ['/api/card/clearDevicesData', { imeis: '861234500000011' }],
    ];
    for (const name of ['agent', 'user', 'superuser']) {
      const token = await h.login(name);
      for (const [url, body] of calls)
        expect((await h.post(url, body, token)).status, `${name} ${url}`).toBe(403);
    }
    expect(await stockRow('861234500000098')).toBeUndefined();
    expect((await stockRow('861234500000011')).status).toBe('in_stock');
  });

  it('lists the records of a terminal for the stock users', async () => {
    const r = await h.post('/api/preInput/records', { terminalID: '861234500000011' }, stocker);
    expect(r.status).toBe(200);
    expect(r.data.list.map((x: { op: string }) => x.op)).toEqual(['in']);
    expect(r.data.list[0].operator).toBe('teststock');
    // records are only ever added: every operation above left one per changed terminal
    const all = await db()
      .select({ n: count() })
      .from(stockRecords)
      .where(inArray(stockRecords.op, ['in', 'out']));
    expect(all[0].n).toBeGreaterThanOrEqual(5);
  });
});
