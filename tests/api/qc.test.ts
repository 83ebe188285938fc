import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { stock } from '../../server/db/schema/stock';
import { testResults } from '../../server/db/schema/test-results';
import { DEVICE_PROTOCOL, IMPORT_PROTOCOL } from '../../src/domain/codes';
import { MESSAGES } from '../../src/domain/messages';
import { TEST_KIND } from '../../src/domain/qc';
import { connect, gw, h, setUpTrackerTests } from './tracker-fixture';

setUpTrackerTests();

let tester: string;
let agent: string;
beforeAll(async () => {
  [tester, agent] = await Promise.all([h.login('test'), h.login('agent')]);
});

const db = () => h.handle.db;
const stockRow = async (t: string) => (await db().select().from(stock).where(eq(stock.terminalId, t)))[0];
const importOne = (imei: string) =>
  h.post('/api/device/deviceImport', { imeis: imei, importProtocol: IMPORT_PROTOCOL.gt06 }, agent);
const outcome = (data: { results: { terminalID: string; ok: boolean; key?: string }[] }) =>
  data.results.map((r) => [r.terminalID, r.ok ? 'ok' : r.key]);

const PASSING = '861230000000101';
const FAILING = '861230000000102';
const LATER_FAIL = '861230000000103';

describe('uploading results and importing', () => {
  it('a passing result makes a new terminal importable; a failing one is refused with the spec message', async () => {
    const pass = await h.post(
      '/api/serials/testSerialResult',
      {
        terminalID: PASSING,
        passed: true,
        deviceType: 'GT06N',
        firmwareVersion: 'V2.0.1',
        station: 'S1',
        items: [
          { name: 'GSM', value: 26, passed: true, expected: '>= 15' },
          { name: 'Voltage', value: 4.1, passed: true },
        ],
      },
      tester,
    );
    expect(pass.status, JSON.stringify(pass.meta)).toBe(200);
    const fail = await h.post(
      '/api/serials/testSerialResult',
      { terminalID: FAILING, passed: false, deviceType: 'GT06N', items: [{ name: 'GPS', passed: false }] },
      tester,
    );
    expect(fail.status).toBe(200);

    const s = await stockRow(PASSING);
    expect(s).toMatchObject({ testPassed: true, protocol: DEVICE_PROTOCOL.Gt06, deviceType: 'GT06N' });
    expect(s.testRecord).toMatchObject({ result: 'pass', items: 2, failedItems: [], station: 'S1' });
    expect((await stockRow(FAILING)).testRecord).toMatchObject({ result: 'fail', failedItems: ['GPS'] });

    const ok = await importOne(PASSING);
    expect(ok.data.imported).toBe(1);
    const refused = await importOne(FAILING);
    expect(refused.data.imported).toBe(0);
    expect(refused.data.results[0].key).toBe('imeiNoTestRecord');
    expect(MESSAGES.imeiNoTestRecord).toBe('This IMEI has no factory test record');
  });

  it('the latest result decides: a later failure makes a passing terminal unimportable, an older pass does not undo it', async () => {
    const post = (passed: boolean, testedAt: string) =>
      h.post('/api/serials/testSerialResult', { terminalID: LATER_FAIL, passed, testedAt }, tester);
    expect((await post(true, '2026-01-01T08:00:00Z')).status).toBe(200);
    expect((await stockRow(LATER_FAIL)).testPassed).toBe(true);
    expect((await post(false, '2026-01-02T08:00:00Z')).status).toBe(200);
    // a result posted late but tested earlier is history, not the verdict
    expect((await post(true, '2026-01-01T09:00:00Z')).status).toBe(200);
    const s = await stockRow(LATER_FAIL);
    expect(s.testPassed).toBe(false);
    expect(s.testedAt?.toISOString()).toBe('2026-01-02T08:00:00.000Z');
    expect((await importOne(LATER_FAIL)).data.results[0].key).toBe('imeiNoTestRecord');
  });

  it('refuses a result whose IMEI does not fit its device type', async () => {
    const bad = await h.post('/api/serials/testSerialResult', { terminalID: 'ab!', passed: true }, tester);
    expect(bad.status).toBe(400);
    expect(bad.meta.key).toBe('imeiInvalid');
    // JT808-A is an 808 type: its terminal numbers are exactly 11 digits
    const notOf808 = await h.post(
      '/api/serials/testSerialResult',
      { terminalID: '861230000000109', passed: true, deviceType: 'JT808-A' },
      tester,
    );
    expect(notOf808.meta.key).toBe('imeiInvalid');
    expect(await stockRow('861230000000109')).toBeUndefined();
  });

  it('stores the good rows of an upload and reports every row', async () => {
    const r = await h.post(
      '/api/serials/testSerialsResult',
      {
        kind: TEST_KIND.serialV2,
        station: 'LINE-2',
        rows: [
          { terminalID: '861230000000201', result: 'pass', deviceType: 'GT06N' },
          { terminalID: '861230000000202', result: '不合格', failedItems: 'GPS|Relay' },
          { terminalID: '12', result: 'pass' },
          { terminalID: '861230000000203', result: 'maybe' },
          { terminalID: '861230000000204', result: 'ok', testedAt: 'yesterday' },
        ],
      },
      tester,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(outcome(r.data)).toEqual([
      ['861230000000201', 'ok'],
      ['861230000000202', 'ok'],
      ['12', 'imeiInvalid'],
      ['861230000000203', 'qcRowInvalid'],
      ['861230000000204', 'qcRowInvalid'],
    ]);
    expect(r.data.succeeded).toBe(2);
    const stored = await db()
      .select()
      .from(testResults)
      .where(eq(testResults.station, 'LINE-2'))
      .orderBy(asc(testResults.id));
    expect(stored.map((x) => [x.terminalId, x.kind, x.passed, x.operator])).toEqual([
      ['861230000000201', 2, true, 'test'],
      ['861230000000202', 2, false, 'test'],
    ]);
    expect(stored[1].items.map((i) => i.name)).toEqual(['GPS', 'Relay']);
    expect(await stockRow('861230000000203')).toBeUndefined();
  });

  it('GPS rows without a verdict are judged by satellites, SNR and time to fix', async () => {
    const r = await h.post(
      '/api/serials/testSerialsGPSResult',
      {
        rows: [
          { terminalID: '861230000000301', satellites: '9', snrAvg: '41.5', fixSeconds: '32', hdop: '0.9' },
          { terminalID: '861230000000302', satellites: '2', snrAvg: '22' },
          { terminalID: '861230000000303', satellites: 'many' },
        ],
      },
      tester,
    );
    expect(outcome(r.data)).toEqual([
      ['861230000000301', 'ok'],
      ['861230000000302', 'ok'],
      ['861230000000303', 'qcRowInvalid'],
    ]);
    const list = await h.post(
      '/api/serials/testResults',
      { kind: TEST_KIND.gps, terminalID: '86123000000030' },
      tester,
    );
    const byId = Object.fromEntries(
      list.data.list.map((x: { terminalID: string; passed: boolean; gps: object }) => [x.terminalID, x]),
    );
    expect(byId['861230000000301']).toMatchObject({
      passed: true,
      gps: { satellites: 9, snrAvg: 41.5, hdop: 0.9 },
    });
    expect(byId['861230000000302'].passed).toBe(false);
    expect((await stockRow('861230000000301')).testPassed).toBe(true);
  });
});

describe('searching and exporting', () => {
  it('testResults filters by verdict, station and time; qc/search gives one row per terminal with counts', async () => {
    const fails = await h.post(
      '/api/serials/testResults',
      { terminalID: LATER_FAIL, result: 'fail' },
      tester,
    );
    expect(fails.data.total).toBe(1);
    const range = await h.post(
      '/api/serials/testResults',
      { terminalID: LATER_FAIL, startTime: '2026-01-01T08:30:00Z', endTime: '2026-01-01T23:00:00Z' },
      tester,
    );
    expect(range.data.list.map((x: { passed: boolean }) => x.passed)).toEqual([true]);

    const qc = await h.post('/api/qc/search', { terminalID: '86123000000010' }, tester);
    expect(qc.status).toBe(200);
    const row = qc.data.list.find((x: { terminalID: string }) => x.terminalID === LATER_FAIL);
    expect(row).toMatchObject({ passed: false, passes: 2, failures: 1, tests: 3, importable: false });
    expect(qc.data.total).toBe(3);
    const failing = await h.post('/api/qc/search', { terminalID: '86123000000010', result: 'fail' }, tester);
    expect(failing.data.list.map((x: { terminalID: string }) => x.terminalID).sort()).toEqual([
      FAILING,
      LATER_FAIL,
    ]);
  });

  it('qc/export is an xlsx of the same rows', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/qc/export',
      payload: { terminalID: '86123000000010' },
      headers: { authorization: `Bearer ${tester}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ids: string[] = [];
    wb.worksheets[0].eachRow((r, n) => n > 1 && ids.push(String(r.getCell(1).value)));
    expect(ids.sort()).toEqual([PASSING, FAILING, LATER_FAIL].sort());
  });

  it('qc/terminal shows the stock row, the results, and the account it was imported to', async () => {
    const r = await h.post('/api/qc/terminal', { terminalID: PASSING }, tester);
    expect(r.data).toMatchObject({
      inStock: true,
      test: 'passed',
      passes: 1,
      failures: 0,
      imported: true,
      importedTo: 'agent',
      importable: false,
    });
    expect(r.data.latestItems).toContain('GSM=26');
  });
});

describe('location test', () => {
  it('passes a terminal sending valid fixes now, fails one never heard from, with the reason', async () => {
    const [t] = await db()
      .select({ t: stock.terminalId })
      .from(stock)
      .where(and(eq(stock.batchNo, 'B-DEMO-READY'), eq(stock.deviceType, 'GT06N')))
      .limit(1);
    const tracker = await connect(t.t);
    tracker.send({
      time: new Date(Math.floor(Date.now() / 1000) * 1000),
      lat: 22.54,
      lon: 114.05,
      speed: 0,
      course: 0,
      satellites: 8,
    });
    await new Promise((r) => setTimeout(r, 300));
    await gw.ctx.frameLog.flush();
    const r = await h.post('/api/serials/locationTest', { terminalID: t.t, save: true }, tester);
    tracker.close();
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.data).toMatchObject({ passed: true, reason: 'ok', source: 'frame', satellites: 8, valid: true });
    expect((await stockRow(t.t)).testRecord).toMatchObject({ kind: TEST_KIND.location, result: 'pass' });

    const none = await h.post('/api/serials/locationTest', { terminalID: '861230000000999' }, tester);
    expect(none.data).toMatchObject({ passed: false, reason: 'noLocation' });
    expect(await stockRow('861230000000999')).toBeUndefined();
  });
});

describe('test configurations', () => {
  it('adds, lists, edits and deletes; names are unique', async () => {
    const body = {
      name: 'QC test config',
      deviceType: 'GT06N',
      kind: TEST_KIND.serial,
      items: [{ name: 'Voltage', min: 3.6, max: 4.3, required: true }],
    };
    const add = await h.post('/api/serials/config/add', body, tester);
    expect(add.status, JSON.stringify(add.meta)).toBe(200);
    expect((await h.post('/api/serials/config/add', body, tester)).meta.key).toBe('testConfigNameTaken');
    const list = await h.post('/api/serials/config/list', { name: 'QC test' }, tester);
    expect(list.data.list.map((c: { name: string }) => c.name)).toContain('QC test config');
    const edit = await h.post(
      '/api/serials/config/edit',
      { ...body, id: add.data.id, name: 'QC test config v2', enabled: false },
      tester,
    );
    expect(edit.data).toMatchObject({ name: 'QC test config v2', enabled: false });
    expect((await h.post(`/api/serials/config/del/${add.data.id}`, {}, tester)).status).toBe(200);
    expect((await h.post(`/api/serials/config/del/${add.data.id}`, {}, tester)).status).toBe(404);
  });
});

describe('access', () => {
  const calls: [string, unknown][] = [
    ['/api/serials/testSerialResult', { terminalID: '861230000000888', passed: true }],
    ['/api/serials/testSerialsResult', { rows: [{ terminalID: '861230000000888', result: 'pass' }] }],
    ['/api/serials/testSerialsGPSResult', { rows: [{ terminalID: '861230000000888', satellites: '9' }] }],
    ['/api/serials/testResults', {}],
    ['/api/serials/locationTest', { terminalID: '861230000000888' }],
    ['/api/qc/search', {}],
    ['/api/qc/export', {}],
    ['/api/qc/terminal', { terminalID: '861230000000888' }],
    ['/api/serials/config/list', {}],
    ['/api/serials/config/add', { name: 'x', kind: 1 }],
    ['/api/serials/config/edit', { id: 1, name: 'x', kind: 1 }],
    ['/api/serials/config/del/1', {}],
  ];

  it('reseller roles and factory roles without the permission are refused every QC route', async () => {
    for (const name of ['agent', 'user', 'demo', 'teststock', 'log', 'testtransferip']) {
      const token = await h.login(name);
      for (const [url, body] of calls)
        expect((await h.post(url, body, token)).status, `${name} ${url}`).toBe(403);
    }
    expect(await stockRow('861230000000888')).toBeUndefined();
  });
});

describe('demo seed', () => {
  it('every terminal with results has the pass record of its latest one; untested stock has none', async () => {
    const rows = await db().select().from(stock).where(eq(stock.batchNo, 'B-DEMO-READY'));
    for (const s of rows) {
      const latest = await h.post(
        '/api/serials/testResults',
        { terminalID: s.terminalId, pageSize: 1 },
        tester,
      );
      expect(latest.data.total, s.terminalId).toBeGreaterThan(0);
      expect(latest.data.list[0].passed, s.terminalId).toBe(s.testPassed);
    }
    const untested = await db().select().from(stock).where(eq(stock.batchNo, 'B-DEMO-UNTESTED'));
    for (const s of untested) {
      const r = await h.post('/api/serials/testResults', { terminalID: s.terminalId }, tester);
      expect(r.data.total, s.terminalId).toBe(0);
    }
  });
});
