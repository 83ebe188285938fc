import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { busStopArrivals } from '../../server/db/schema/bus-routes';
import { until } from '../support/until';
import { connect, gt06Of, gw, h, MIN, north, path, settled, setUpTrackerTests } from './tracker-fixture';

/**
 * Bus routes: busRoutesList (GET), busRoutesAdd, busRoutesEdit, busRoutesDel/{id}, scoped to
 * the caller's subtree; and the arrivals a real GT06 tracker over TCP makes at the stops of its
 * route, in order, each with its departure.
 */
setUpTrackerTests();

const at = (km: number) => {
  const p = north(km);
  return { lon: p.lon, lat: p.lat };
};
const LINE = [0, 2, 4, 6].map((km) => [at(km).lon, at(km).lat]);
const STOPS = [
  { name: 'First', ...at(0), radius: 200 },
  { name: 'Middle', ...at(3), radius: 200 },
  { name: 'Last', ...at(6), radius: 200 },
];

describe('bus route calls', () => {
  it('add, list, edit, delete; limits with their messages; scoped; demo refused', async () => {
    const agent = await h.login('agent');
    const d = await gt06Of('agent');
    const add = await h.post(
      '/api/bus/busRoutesAdd',
      { name: 'Line 1', line: LINE, stops: STOPS, terminalIDs: [d.terminalId] },
      agent,
    );
    expect(add.status, JSON.stringify(add.meta)).toBe(200);
    expect(add.data).toMatchObject({ name: 'Line 1', line: LINE, stops: STOPS });
    expect(add.data.devices.map((v: { terminalID: string }) => v.terminalID)).toEqual([d.terminalId]);

    const agentId = await h.idOf('agent');
    const list = await h.get(`/api/bus/busRoutesList?userId=${agentId}`, agent);
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(add.data.id);
    const agent2 = await h.login('agent2');
    expect((await h.get(`/api/bus/busRoutesList?userId=${agentId}`, agent2)).status).toBe(404);
    expect((await h.get('/api/bus/busRoutesList', agent2)).data.list).toEqual([]);

    const cases: [object, string][] = [
      [{ stops: STOPS.slice(0, 1) }, 'busTooFewStops'],
      [{ line: LINE.slice(0, 1) }, 'busLineTooFewPoints'],
      [{ stops: [STOPS[0], { ...STOPS[1], radius: 5 }] }, 'busStopRadiusRange'],
      [{ stops: [STOPS[0], { ...STOPS[1], lat: 95 }] }, 'fenceCoordinateRange'],
      [{ name: 'Line 1' }, 'busRouteNameTaken'],
    ];
    for (const [change, key] of cases) {
      const r = await h.post(
        '/api/bus/busRoutesAdd',
        { name: 'Line 2', line: LINE, stops: STOPS, ...change },
        agent,
      );
      expect([r.status, r.meta.key], key).toEqual([400, key]);
    }
    const theirs = await gt06Of('agent2');
    const foreign = await h.post(
      '/api/bus/busRoutesAdd',
      { name: 'Line 2', line: LINE, stops: STOPS, terminalIDs: [theirs.terminalId] },
      agent,
    );
    expect(foreign.status).toBe(404);

    const edit = await h.post(
      '/api/bus/busRoutesEdit',
      { id: add.data.id, name: 'Line 1A', terminalIDs: [] },
      agent,
    );
    expect(edit.data).toMatchObject({ name: 'Line 1A', stops: STOPS, devices: [] });
    expect((await h.post('/api/bus/busRoutesEdit', { id: add.data.id, name: 'x' }, agent2)).status).toBe(404);
    const demo = await h.login('demo');
    const refused = await h.post(`/api/bus/busRoutesDel/${add.data.id}`, {}, demo);
    expect([refused.status, refused.meta.key]).toEqual([403, 'demoForbidden']);
    expect((await h.post(`/api/bus/busRoutesDel/${add.data.id}`, {}, agent2)).status).toBe(404);
    expect((await h.post(`/api/bus/busRoutesDel/${add.data.id}`, {}, agent)).status).toBe(200);
    expect(
      (await h.get('/api/bus/busRoutesList', agent)).data.list.map((r: { id: number }) => r.id),
    ).not.toContain(add.data.id);
  });
});

describe('stop arrivals from a GT06 tracker over TCP', () => {
  it('records each stop in order with arrival and departure; a vehicle not on the route records nothing', async () => {
    const agent = await h.login('agent');
    const bus = await gt06Of('user');
    const other = await gt06Of('user');
    const add = await h.post(
      '/api/bus/busRoutesAdd',
      { name: 'Line 9', line: LINE, stops: STOPS, terminalIDs: [bus.terminalId] },
      agent,
    );
    expect(add.status, JSON.stringify(add.meta)).toBe(200);
    await gw.alarms.reload();
    const fixes = path([-1, 0, 1.5, 3, 4.5, 6, 7].map(north), Date.now() - 60 * MIN);
    const links = await Promise.all([connect(bus.terminalId), connect(other.terminalId)]);
    try {
      for (const link of links) for (const f of [...fixes, ...fixes]) link.send(f);
      await until(
        () => h.handle.db.select().from(busStopArrivals).where(eq(busStopArrivals.deviceId, bus.id)),
        (r) => r.filter((a) => a.departedAt).length >= 3,
      );
      await settled();
    } finally {
      links.forEach((l) => l.close());
    }
    const rows = await h.handle.db
      .select()
      .from(busStopArrivals)
      .where(eq(busStopArrivals.routeId, add.data.id))
      .orderBy(asc(busStopArrivals.arrivedAt));
    const t = (i: number) => fixes[i].time.getTime();
    expect(
      rows.map((a) => [a.deviceId, a.stopIndex, a.arrivedAt.getTime(), a.departedAt?.getTime()]),
    ).toEqual([
      [bus.id, 0, t(1), t(2)],
      [bus.id, 1, t(3), t(4)],
      [bus.id, 2, t(5), t(6)],
    ]);

    const page = await h.post('/api/bus/arrivals', { routeId: add.data.id, pageSize: 2 }, agent);
    expect(page.data.total).toBe(3);
    expect(
      page.data.list.map((a: { stopName: string; duration: number }) => [a.stopName, a.duration]),
    ).toEqual([
      ['Last', 60],
      ['Middle', 60],
    ]);
    expect(page.data.list[0]).toMatchObject({ terminalID: bus.terminalId, stopIndex: 2 });
    expect(
      (await h.post('/api/bus/arrivals', { routeId: add.data.id }, await h.login('agent2'))).status,
    ).toBe(404);
    const since = new Date(t(4)).toISOString();
    expect(
      (await h.post('/api/bus/arrivals', { routeId: add.data.id, startTime: since }, agent)).data.total,
    ).toBe(2);
  });
});
