import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { isInSubtree } from '../../src/domain/hierarchy';
import {
  addDays,
  DAY_MS,
  dayOf,
  daysFrom,
  dayStart,
  exportRangeDays,
  NO_BATTERY_MODELS,
  type ExportRange,
} from '../../src/domain/track';
import { readSheet } from '../../src/sheets';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
let admin: string;
let all: DeviceRow[];
let agentTree: Set<string>;
const today = dayOf(Date.now());
const dev = (id: number) => all.find((d) => d.id === id)!;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  admin = await h.login('admin');
  all = await h.handle.db.select().from(devices).orderBy(asc(devices.id));
  const accounts = await h.handle.db.select().from(users);
  const root = accounts.find((a) => a.username === 'agent')!;
  agentTree = new Set(
    all
      .filter((d) =>
        isInSubtree(
          accounts.find((a) => a.id === d.userId)!,
          root,
        ),
      )
      .map((d) => d.terminalId),
  );
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const stat = (path: string, body: object, token = agent) => h.post(`/api/stat/${path}`, body, token);
const lastDays = (n: number) => ({ startDate: addDays(today, -n), endDate: addDays(today, -1) });

describe('POST /api/stat/countMileage', () => {
  it("answers rows per device and day of the caller's tree, sums per date and totals", async () => {
    const r = await stat('countMileage', lastDays(10));
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const { list, total, byDate, totals } = r.data;
    expect(total).toBe(list.length);
    expect(list.length).toBeGreaterThan(50);
    expect(list.every((x: { terminalID: string }) => agentTree.has(x.terminalID))).toBe(true);
    expect(byDate).toHaveLength(10);
    const sum = (rows: { mileageM: number }[]) =>
      Math.round(rows.reduce((a, x) => a + x.mileageM, 0) * 10) / 10;
    expect(sum(byDate)).toBeCloseTo(totals.mileageM, 0);
    expect(sum(list)).toBeCloseTo(totals.mileageM, 0);
    for (const d of byDate)
      expect(sum(list.filter((x: { date: string }) => x.date === d.date))).toBeCloseTo(d.mileageM, 1);
    // The 8 vehicles of the seeded history, and devices with alarms only (no kilometres).
    // Yesterday is left out: between local midnight and 01:00 the online devices' last hour
    // of track (seed/tracks.ts) reaches back into it, and those kilometres count too.
    const yesterday = addDays(today, -1);
    expect(
      new Set(
        list
          .filter((x: { mileageM: number; date: string }) => x.mileageM > 0 && x.date < yesterday)
          .map((x: { terminalID: string }) => x.terminalID),
      ).size,
    ).toBe(8);
    const byDevice = (await stat('countMileage', { ...lastDays(10), groupBy: 'device' })).data;
    expect(byDevice.list).toHaveLength(totals.devices);
    expect(sum(byDevice.list)).toBeCloseTo(totals.mileageM, 0);
    const byDay = (await stat('countMileage', { ...lastDays(10), groupBy: 'day' })).data;
    expect(byDay.list).toEqual(byDate);
    const page = (await stat('countMileage', { ...lastDays(10), pageNum: 2, pageSize: 20 })).data;
    expect(page.list).toEqual(list.slice(20, 40));
  });

  it('shows a day with the kilometres of playback for that day, and a week likewise', async () => {
    for (const id of [1, 51, 82]) {
      const d = dev(id);
      const rows = (await stat('countMileage', { terminalIDs: [d.terminalId], ...lastDays(7) })).data.list;
      const day = rows.find((x: { mileageM: number }) => x.mileageM > 0).date;
      const t = await h.post(
        '/api/track/findTrackByTerminalID',
        { terminalID: d.terminalId, startTime: iso(dayStart(day)), endTime: iso(dayStart(day) + DAY_MS) },
        agent,
      );
      const m = await stat('countMileage', { terminalIDs: [d.terminalId], startDate: day, endDate: day });
      expect(m.data.list).toHaveLength(1);
      expect(m.data.list[0].mileageM).toBe(t.data.mileageM);
      expect(t.data.mileageM).toBeGreaterThan(0);
      const week = await h.post(
        '/api/track/findTrackByTerminalID',
        {
          terminalID: d.terminalId,
          startTime: iso(dayStart(addDays(today, -7))),
          endTime: iso(dayStart(today)),
        },
        agent,
      );
      const w = await stat('countMileage', {
        terminalIDs: [d.terminalId],
        ...lastDays(7),
        groupBy: 'device',
      });
      expect(w.data.list[0].mileageM).toBe(week.data.mileageM);
    }
  });

  it("keeps to the caller's scope: another tree's account is not found, its devices match nothing", async () => {
    const agent2 = await h.idOf('agent2');
    const other = all.find((d) => d.userId === agent2)!;
    const r = await stat('countMileage', { ...lastDays(5), userId: agent2 });
    expect(r.status).toBe(404);
    expect(r.meta.key).toBe('notFound');
    const none = await stat('countMileage', { ...lastDays(5), terminalIDs: [other.terminalId] });
    expect(none.data).toMatchObject({ list: [], total: 0 });
    const user = await h.login('user');
    const mine = (await stat('countMileage', lastDays(5), user)).data;
    const userId = await h.idOf('user');
    const own = new Set(all.filter((d) => d.userId === userId).map((d) => d.terminalId));
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((x: { terminalID: string }) => own.has(x.terminalID))).toBe(true);
    const subagent = await h.idOf('subagent');
    const ownedBy = (ids: number[]) =>
      new Set(all.filter((x) => ids.includes(x.userId!)).map((x) => x.terminalId));
    const sub = (await stat('countMileage', { ...lastDays(5), userId: subagent })).data;
    const subTree = ownedBy([subagent, userId]);
    expect(sub.list.some((x: { terminalID: string }) => own.has(x.terminalID))).toBe(true);
    expect(sub.list.every((x: { terminalID: string }) => subTree.has(x.terminalID))).toBe(true);
    const only = (await stat('countMileage', { ...lastDays(5), userId: subagent, includeSubtree: false }))
      .data;
    expect(only.list.length).toBeGreaterThan(0);
    expect(only.list.every((x: { terminalID: string }) => ownedBy([subagent]).has(x.terminalID))).toBe(true);
    const demo = await h.login('demo');
    const d = (await stat('countMileage', lastDays(5), demo)).data;
    expect(d.totals.devices).toBeGreaterThan(0);
    expect(d.list.every((x: { terminalID: string }) => !agentTree.has(x.terminalID))).toBe(true);
  });

  it('refuses more than 3 months and an end before the start', async () => {
    const long = await stat('countMileage', { startDate: addDays(today, -92), endDate: today });
    expect(long.status).toBe(400);
    expect(long.meta).toMatchObject({
      key: 'statsRangeTooLong',
      message: 'Statistics cover at most 3 months at once',
    });
    expect((await stat('countMileage', { startDate: addDays(today, -91), endDate: today })).status).toBe(200);
    const order = await stat('countMileage', { startDate: today, endDate: addDays(today, -1) });
    expect(order.meta.key).toBe('rangeOrder');
    const huge = await stat('countMileage', { startDate: '1900-01-01', endDate: '2099-12-31' });
    expect(huge.status).toBe(400);
  });

  it("answers findStatistics in the spec's names", async () => {
    const r = await stat('findStatistics', { ...lastDays(3), pageNum: 1, pageSize: 100_000 });
    expect(r.data.list[0]).toMatchObject({
      terminalID: expect.any(String),
      statsticDate: addDays(today, -3),
    });
    expect(r.data.byDate).toHaveLength(3);
  });
});

describe('the other reports', () => {
  it('counts alarms per device, type and day as the alarms table holds them', async () => {
    const range = lastDays(30);
    const r = (await stat('countAlarms', range)).data;
    const ids = all.filter((d) => agentTree.has(d.terminalId)).map((d) => d.id);
    const rows = await h.handle.db
      .select()
      .from(alarms)
      .where(
        and(
          inArray(alarms.deviceId, ids),
          gte(alarms.time, new Date(dayStart(range.startDate))),
          lt(alarms.time, new Date(dayStart(today))),
        ),
      );
    expect(r.totals.alarms).toBe(rows.length);
    expect(Object.values(r.byType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(rows.length);
    const sos = (await stat('countAlarms', { ...range, types: ['overspeed'] })).data;
    expect(sos.list.every((x: { type: string }) => x.type === 'overspeed')).toBe(true);
    expect(sos.totals.alarms).toBe(rows.filter((a) => a.type === 'overspeed').length);
  });

  it('lists the stays playback shows', async () => {
    const d = dev(6);
    const range = lastDays(4);
    const s = (await stat('countStayDetail', { ...range, terminalIDs: [d.terminalId] })).data;
    const t = await h.post(
      '/api/track/findStayAll',
      { terminalID: d.terminalId, startTime: iso(dayStart(range.startDate)), endTime: iso(dayStart(today)) },
      agent,
    );
    expect(s.list.map(({ terminalID: _, name: __, ...x }: Record<string, unknown>) => x)).toEqual(
      t.data.list,
    );
    expect(s.totals.stays).toBe(t.data.list.length);
  });

  it('gives track info, expiries and batteries to roles that hold them', async () => {
    const info = await stat('countTrackInfo', lastDays(7));
    expect(info.status).toBe(403); // agents have no count:track
    const a = (await stat('countTrackInfo', lastDays(7), admin)).data;
    const one = a.list.find((x: { terminalID: string }) => x.terminalID === dev(1).terminalId);
    expect(one.days).toBe(7);
    expect(one.avgSpeed).toBeGreaterThan(10);
    expect(one.maxSpeed).toBeGreaterThanOrEqual(one.avgSpeed);
    const due = (await stat('countPastDue', {}, admin)).data;
    expect(due.total).toBeGreaterThan(0);
    expect(due.counts.expired + due.counts.within60Days).toBe(due.total);
    const soon = (await stat('countPastDue', { expiry: 7 }, admin)).data;
    expect(soon.list.every((x: { status: string }) => x.status === 'within7Days')).toBe(true);
    const bat = (await stat('countBattery', lastDays(7), admin)).data;
    expect(bat.list.length).toBeGreaterThan(0);
    expect(bat.list.every((x: { deviceType: string }) => !NO_BATTERY_MODELS.includes(x.deviceType))).toBe(
      true,
    );
    expect(bat.unsupportedModels.map((m: { model: string }) => m.model)).toContain('GT06N');
    expect(bat.list[0].battery).toBeLessThanOrEqual(bat.list[bat.list.length - 1].battery ?? 100);
  });
});

describe('exports', () => {
  async function download(path: string, body: object, token = agent) {
    return h.app.inject({
      method: 'POST',
      url: `/api/stat/${path}`,
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('exports exactly the rows of the screen', async () => {
    const body = { ...lastDays(7), groupBy: 'device' };
    const shown = (await stat('countMileage', body)).data.list;
    const res = await download('exportStatistics', { report: 'mileage', ...body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-truncated']).toBe('0');
    const rows = await readSheet(res.rawPayload, 'xlsx');
    expect(rows[0]).toEqual(['IMEI', 'Name', 'Mileage (km)', 'Moving time', 'Max speed (km/h)', 'Days']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(shown.map((x: { terminalID: string }) => x.terminalID));
    expect(Number(rows[1][2])).toBeCloseTo(shown[0].mileageM / 1000, 1);
    const denied = await download('exportStatistics', { report: 'trackInfo', ...body });
    expect(denied.statusCode).toBe(403);
  });

  it('exports a report over the last week, month or three months', async () => {
    for (const range of ['week', 'month', 'threeMonths']) {
      const res = await download('countExport', { report: 'mileage', range, groupBy: 'day' });
      expect(res.statusCode, range).toBe(200);
      const rows = await readSheet(res.rawPayload, 'xlsx');
      expect(rows[0]).toEqual(['Date', 'Mileage (km)', 'Moving time', 'Devices']);
      const span = exportRangeDays(range as ExportRange, Date.now());
      // Every day of the span that has data (the seeded history starts 89 days ago).
      const days = daysFrom(span.startDate, span.endDate).filter((x) => x >= addDays(today, -89));
      expect(rows.slice(1).map((r) => r[0])).toEqual(days);
    }
    const stays = await download('countExport', { report: 'stays', range: 'week' }, await h.login('demo'));
    expect(stays.statusCode).toBe(200);
    expect((await readSheet(stays.rawPayload, 'xlsx')).length).toBeGreaterThan(5);
  });
});
