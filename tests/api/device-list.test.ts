import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { users, type UserRow } from '../../server/db/schema/users';
import { isInSubtree } from '../../src/domain/hierarchy';
import { readSheet } from '../../src/sheets';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let all: DeviceRow[];
let accounts: UserRow[];
let agentToken: string;

beforeAll(async () => {
  h = await startHarness();
  all = await h.handle.db.select().from(devices);
  accounts = await h.handle.db.select().from(users);
  agentToken = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const byName = (n: string) => accounts.find((a) => a.username === n)!;
const byId = (id: number | null) => accounts.find((a) => a.id === id)!;
/** Devices owned in the subtree of `root` (the rule the server must follow), newest first. */
const subtree = (root: string) =>
  all.filter((d) => isInSubtree(byId(d.userId), byName(root))).sort((a, b) => b.id - a.id);
const ids = (rows: { terminalID?: string; terminalId?: string }[]) =>
  rows.map((r) => r.terminalID ?? r.terminalId).sort();
const DAY = 86_400_000;

async function list(body: object, token = agentToken, path = '/api/device/deviceListV2') {
  const r = await h.post(path, { pageSize: 100, ...body }, token);
  expect(r.meta.success, JSON.stringify(r.meta)).toBe(true);
  return r.data as { list: Record<string, any>[]; total: number }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('POST /api/device/deviceList and deviceListV2', () => {
  it('lists the whole subtree by default, newest first, 15 rows a page', async () => {
    const expected = subtree('agent');
    expect(expected.length).toBeGreaterThan(100);
    const page = await h.post('/api/device/deviceList', {}, agentToken);
    expect(page.data.total).toBe(expected.length);
    expect(page.data.list.map((r: { terminalID: string }) => r.terminalID)).toEqual(
      expected.slice(0, 15).map((d) => d.terminalId),
    );
    const row = page.data.list[0];
    for (const k of [
      'id',
      'terminalID',
      'nickname',
      'carNumber',
      'sim',
      'iccid',
      'cardIccid',
      'deviceType',
      'protocol',
      'importProtocol',
      'iconType',
      'timezone',
      'expireType',
      'host',
      'state',
      'userId',
      'username',
      'agentId',
      'activatedAt',
      'platformExpireAt',
      'userExpireAt',
      'createdAt',
      'lastOnlineAt',
    ])
      expect(row, k).toHaveProperty(k);
  });

  it('pages do not overlap and cover the list', async () => {
    const expected = subtree('agent').map((d) => d.terminalId);
    const seen: string[] = [];
    for (let p = 1; seen.length < expected.length; p++) {
      const r = await list({ pageNum: p, pageSize: 40 });
      expect(r.list.length).toBeGreaterThan(0);
      seen.push(...r.list.map((x) => x.terminalID));
    }
    expect(seen).toEqual(expected);
  });

  it('filters by menu type and state', async () => {
    for (const [menuType, state] of [
      [1, 1],
      [2, 2],
      [3, 3],
    ]) {
      const r = await list({ menuType });
      expect(ids(r.list), `menuType ${menuType}`).toEqual(
        ids(subtree('agent').filter((d) => d.state === state)),
      );
      expect(r.total).toBe(r.list.length);
    }
    const expired = await list({ state: 4 });
    expect(ids(expired.list)).toEqual(ids(subtree('agent').filter((d) => d.state === 4)));
    expect(expired.list.length).toBeGreaterThan(0);
    const allTab = await list({ menuType: 0, pageSize: 10 });
    expect(allTab.total).toBe(subtree('agent').length);
  });

  it('filters by expiry: within 7 days, within 60 days, already expired', async () => {
    const now = Date.now();
    const exp = (d: DeviceRow) => d.platformExpireAt?.getTime();
    const cases: [number, (d: DeviceRow) => boolean][] = [
      [7, (d) => exp(d) != null && exp(d)! >= now && exp(d)! <= now + 7 * DAY],
      [60, (d) => exp(d) != null && exp(d)! >= now && exp(d)! <= now + 60 * DAY],
      [-1, (d) => exp(d) != null && exp(d)! < now],
    ];
    for (const [expiry, pred] of cases) {
      const r = await list({ expiry });
      expect(ids(r.list), `expiry ${expiry}`).toEqual(ids(subtree('agent').filter(pred)));
      expect(r.list.length, `expiry ${expiry}`).toBeGreaterThan(0);
    }
  });

  it('filters by type, protocol and import protocol', async () => {
    const sample = subtree('agent')[0]!;
    const r1 = await list({ deviceType: sample.deviceType });
    expect(ids(r1.list)).toEqual(ids(subtree('agent').filter((d) => d.deviceType === sample.deviceType)));
    const r2 = await list({ protocol: sample.protocol });
    expect(ids(r2.list)).toEqual(ids(subtree('agent').filter((d) => d.protocol === sample.protocol)));
    const r3 = await list({ importProtocol: sample.importProtocol, menuType: 1 });
    expect(ids(r3.list)).toEqual(
      ids(subtree('agent').filter((d) => d.importProtocol === sample.importProtocol && d.state === 1)),
    );
  });

  it('filters by account: the subtree of a selected account, or its own devices only', async () => {
    const sub = byName('subagent');
    const withSubtree = await list({ userId: sub.id });
    expect(ids(withSubtree.list)).toEqual(ids(subtree('subagent')));
    const own = await list({ userId: sub.id, includeSubtree: false });
    expect(ids(own.list)).toEqual(ids(all.filter((d) => d.userId === sub.id)));
    expect(own.list.length).toBeLessThan(withSubtree.list.length);
  });

  it('searches a multi-line IMEI list and a keyword', async () => {
    const pick = subtree('agent').slice(3, 8);
    const foreign = subtree('agent2')[0]!;
    const text = `  ${pick[0]!.terminalId}  \n\n${pick
      .slice(1)
      .map((d) => d.terminalId)
      .join('\r\n')}\n${foreign.terminalId}\n`;
    const r = await list({ imeis: text });
    expect(ids(r.list)).toEqual(ids(pick));

    const prefix = pick[0]!.terminalId.slice(0, 12);
    const byImei = await list({ keyword: prefix });
    expect(ids(byImei.list)).toEqual(ids(subtree('agent').filter((d) => d.terminalId.startsWith(prefix))));

    const plated = subtree('agent').find((d) => d.carNumber)!;
    const plate = plated.carNumber.slice(0, 4).toLowerCase();
    const byPlate = await list({ keyword: plate });
    expect(ids(byPlate.list)).toContain(plated.terminalId);
    expect(
      byPlate.list.every(
        (d) =>
          d.carNumber.startsWith(plate.toUpperCase()) ||
          d.terminalID.startsWith(plate) ||
          d.nickname.toLowerCase().startsWith(plate),
      ),
    ).toBe(true);

    const named = subtree('agent').find((d) => /^[A-Za-z]/.test(d.nickname))!;
    const byName2 = await list({ keyword: named.nickname.slice(0, 3).toUpperCase() });
    expect(ids(byName2.list)).toContain(named.terminalId);
    // % and _ are literal, not wildcards.
    expect((await list({ keyword: '%' })).total).toBe(0);
  });

  it('V2 gives each row the owner path from the caller down', async () => {
    const r = await list({ userId: byName('user').id });
    expect(r.list.length).toBeGreaterThan(0);
    for (const row of r.list) expect(row.ownerPath).toEqual(['agent', 'subagent', 'user']);
    const sub = await list({ userId: byName('user').id }, await h.login('subagent'));
    for (const row of sub.list) expect(row.ownerPath).toEqual(['subagent', 'user']);
    const v1 = await list({ userId: byName('user').id }, agentToken, '/api/device/deviceList');
    expect(v1.list[0]).not.toHaveProperty('ownerPath');
  });

  it('keeps to the caller subtree whatever account is asked for', async () => {
    const foreign = await h.post('/api/device/deviceListV2', { userId: byName('agent2').id }, agentToken);
    expect(foreign.status).toBe(404);
    expect(foreign.meta.key).toBe('notFound');
    const up = await h.post(
      '/api/device/deviceListV2',
      { userId: byName('agent').id },
      await h.login('subagent'),
    );
    expect(up.meta.key).toBe('notFound');
    const sub = await list({}, await h.login('subagent'));
    expect(ids(sub.list)).toEqual(ids(subtree('subagent')));
  });

  it('refuses accounts without the device:list permission with 9906', async () => {
    const r = await h.post('/api/device/deviceListV2', {}, await h.login('user'));
    expect(r.status).toBe(403);
    expect(r.meta.message).toBe('9906');
    const x = await h.post('/api/device/exportDeviceList', { format: 'csv' }, await h.login('user'));
    expect(x.meta.message).toBe('9906');
  });
});

describe('POST /api/device/exportDeviceList', () => {
  async function download(body: object) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/device/exportDeviceList',
      payload: body,
      headers: { authorization: `Bearer ${agentToken}` },
    });
    return res;
  }

  it('exports the filtered list as xlsx with every row', async () => {
    const res = await download({ format: 'xlsx', menuType: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await readSheet(res.rawPayload, 'xlsx');
    expect(rows[0]!.slice(0, 3)).toEqual(['IMEI', 'Name', 'Plate']);
    const expected = subtree('agent').filter((d) => d.state === 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((d) => d.terminalId));
    const first = expected[0]!;
    expect(rows[1]![8]).toBe(byId(first.userId).username);
    expect(rows[1]![7]).toBe('online');
  });

  it('exports csv and cuts the file at the export limit', async () => {
    process.env.DEVICE_EXPORT_MAX = '7';
    try {
      const res = await download({ format: 'csv' });
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['x-export-truncated']).toBe('1');
      const rows = await readSheet(res.rawPayload, 'csv');
      expect(rows.length).toBe(8);
      expect(rows.slice(1).map((r) => r[0])).toEqual(
        subtree('agent')
          .slice(0, 7)
          .map((d) => d.terminalId),
      );
    } finally {
      delete process.env.DEVICE_EXPORT_MAX;
    }
    const whole = await download({ format: 'csv', userId: byName('user').id });
    expect(whole.headers['x-export-truncated']).toBe('0');
    expect((await readSheet(whole.rawPayload, 'csv')).length).toBe(subtree('user').length + 1);
  });
});
