import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { areaVisits } from '../../server/db/schema/area-visits';
import { readSheet } from '../../src/sheets';
import { until } from '../support/until';
import {
  CENTER,
  connect,
  gt06Of,
  gw,
  h,
  MIN,
  north,
  path,
  settled,
  setUpTrackerTests,
} from './tracker-fixture';

/**
 * Check-car areas (polygons) and points (circles): their calls, scoped and kept apart from the
 * fences, and the visits a real GT06 tracker over TCP makes, recorded once with arrival and
 * departure, listed and exported.
 */
setUpTrackerTests();

const k = 0.009;
const SQUARE = [
  [CENTER.lon - k, CENTER.lat - k],
  [CENTER.lon + k, CENTER.lat - k],
  [CENTER.lon + k, CENTER.lat + k],
  [CENTER.lon - k, CENTER.lat + k],
];

describe('check-car area and point calls', () => {
  it('add, list, edit, delete; scoped to the subtree; apart from fences; demo refused', async () => {
    const agent = await h.login('agent');
    const add = await h.post('/api/checkCar/area/add', { name: 'depot gate', points: SQUARE }, agent);
    expect(add.status, JSON.stringify(add.meta)).toBe(200);
    expect(add.data).toMatchObject({
      name: 'depot gate',
      purpose: 'checkArea',
      type: 'polygon',
      radius: null,
    });
    expect(add.data.points).toHaveLength(4);
    const point = await h.post(
      '/api/checkCar/point/add',
      { name: 'depot gate', center: { lng: CENTER.lon, lat: CENTER.lat }, radius: 200 },
      agent,
    );
    expect(point.data).toMatchObject({ purpose: 'checkPoint', type: 'circle', radius: 200 });
    // Names are unique per purpose: a fence may share it, another area of the same kind not.
    const fence = await h.post(
      '/api/geofencing/geofencingCircle',
      { name: 'depot gate', center: { lng: CENTER.lon, lat: CENTER.lat }, radius: 200 },
      agent,
    );
    expect(fence.status).toBe(200);
    const again = await h.post('/api/checkCar/area/add', { name: 'depot gate', points: SQUARE }, agent);
    expect([again.status, again.meta.key]).toEqual([400, 'areaNameTaken']);
    // The fence calls neither list nor touch areas.
    const fences = await h.post('/api/fence/list', { name: 'depot gate' }, agent);
    expect(fences.data.list.map((f: { id: number }) => f.id)).toEqual([fence.data.id]);
    const detail = await h.post('/api/fence/detail', { id: add.data.id }, agent);
    expect(detail.status).toBe(404);
    // The list of one purpose.
    const areas = await h.post('/api/checkCar/area/list', { name: 'depot' }, agent);
    expect(areas.data.list.map((a: { id: number }) => a.id)).toEqual([add.data.id]);
    const bad = await h.post(
      '/api/checkCar/point/edit',
      { id: point.data.id, name: 'x', center: { lng: 0, lat: 91 }, radius: 200 },
      agent,
    );
    expect([bad.status, bad.meta.key]).toEqual([400, 'fenceCoordinateRange']);
    const small = await h.post(
      '/api/checkCar/point/edit',
      { id: point.data.id, name: 'x', center: { lng: 0, lat: 0 }, radius: 99 },
      agent,
    );
    expect([small.status, small.meta.key]).toEqual([400, 'fenceRadiusRange']);
    // Another tree: not found; the point's id through the area calls: not found either.
    const agent2 = await h.login('agent2');
    expect((await h.post('/api/checkCar/area/delete', { id: add.data.id }, agent2)).status).toBe(404);
    expect((await h.post('/api/checkCar/area/list', {}, agent2)).data.list).toEqual([]);
    expect((await h.post('/api/checkCar/area/delete', { id: point.data.id }, agent)).status).toBe(404);
    const demo = await h.login('demo');
    const refused = await h.post('/api/checkCar/area/add', { name: 'demo', points: SQUARE }, demo);
    expect([refused.status, refused.meta.key]).toEqual([403, 'demoForbidden']);
    const edited = await h.post(
      '/api/checkCar/point/edit',
      { id: point.data.id, name: 'renamed', center: { lng: CENTER.lon, lat: CENTER.lat }, radius: 300 },
      agent,
    );
    expect(edited.data).toMatchObject({ id: point.data.id, name: 'renamed', radius: 300 });
    expect((await h.post('/api/checkCar/point/delete', { id: point.data.id }, agent)).status).toBe(200);
    expect((await h.post('/api/checkCar/point/list', { name: 'renamed' }, agent)).data.total).toBe(0);
    await h.post('/api/fence/delete', { id: fence.data.id }, agent);
  });
});

describe('visits from a GT06 tracker over TCP', () => {
  it('one visit with arrival and departure, recorded once; listed with its duration and exported', async () => {
    const agent = await h.login('agent');
    const [area] = (await h.post('/api/checkCar/area/list', { name: 'depot gate' }, agent)).data.list;
    await gw.alarms.reload();
    const d = await gt06Of('subagent');
    const fixes = path([north(5), north(0.5), north(0), north(5)], Date.now() - 30 * MIN);
    const link = await connect(d.terminalId);
    try {
      for (const f of [...fixes, ...fixes]) link.send(f);
      await until(
        () => h.handle.db.select().from(areaVisits).where(eq(areaVisits.deviceId, d.id)),
        (r) => r.some((v) => v.departedAt),
      );
      await settled();
    } finally {
      link.close();
    }
    const rows = await h.handle.db.select().from(areaVisits).where(eq(areaVisits.deviceId, d.id));
    expect(rows.map((v) => [v.fenceId, v.arrivedAt.getTime(), v.departedAt?.getTime()])).toEqual([
      [area.id, fixes[1].time.getTime(), fixes[3].time.getTime()],
    ]);

    const list = await h.post('/api/checkCar/visits', { fenceId: area.id, terminalID: d.terminalId }, agent);
    expect(list.status, JSON.stringify(list.meta)).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      fenceId: area.id,
      fenceName: 'depot gate',
      purpose: 'checkArea',
      terminalID: d.terminalId,
      arrivedAt: fixes[1].time.toISOString(),
      departedAt: fixes[3].time.toISOString(),
      duration: 120,
    });
    // A time range after the departure, the other purpose, the other tree: nothing.
    const later = new Date(fixes[3].time.getTime() + MIN).toISOString();
    expect(
      (await h.post('/api/checkCar/visits', { fenceId: area.id, startTime: later }, agent)).data.total,
    ).toBe(0);
    expect(
      (await h.post('/api/checkCar/visits', { purpose: 'checkPoint', terminalID: d.terminalId }, agent)).data
        .total,
    ).toBe(0);
    expect(
      (await h.post('/api/checkCar/visits', { terminalID: d.terminalId }, await h.login('agent2'))).data
        .total,
    ).toBe(0);
    const reversed = await h.post(
      '/api/checkCar/visits',
      { startTime: later, endTime: fixes[0].time.toISOString() },
      agent,
    );
    expect([reversed.status, reversed.meta.key]).toEqual([400, 'rangeOrder']);
    // A year PostgreSQL cannot store is refused, not a 500.
    const year0 = await h.post('/api/checkCar/visits', { startTime: '0000-01-01T00:00:00Z' }, agent);
    expect([year0.status, year0.meta.key]).toEqual([400, 'dateInvalid']);

    const file = await h.app.inject({
      method: 'POST',
      url: '/api/checkCar/exportVisits',
      payload: { fenceId: area.id },
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-truncated']).toBe('0');
    const sheet = await readSheet(file.rawPayload, 'xlsx');
    expect(sheet).toHaveLength(2);
    expect(sheet[1].slice(0, 2)).toEqual(['depot gate', d.terminalId]);
    expect(sheet[1][5]).toBe('0:02:00');
    // The same rows as csv when asked.
    const csv = await h.app.inject({
      method: 'POST',
      url: '/api/checkCar/exportVisits',
      payload: { fenceId: area.id, format: 'csv' },
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(csv.headers['content-disposition']).toMatch(/\.csv"$/);
    expect(await readSheet(csv.rawPayload, 'csv')).toEqual(sheet);
  });
});
