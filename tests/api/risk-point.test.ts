import { and, asc, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { areaVisits } from '../../server/db/schema/area-visits';
import { until } from '../support/until';
import {
  alarmSocket,
  CENTER,
  connect,
  gt06Of,
  gw,
  h,
  MIN,
  north,
  path,
  restartGateway,
  settled,
  setUpTrackerTests,
} from './tracker-fixture';

/**
 * Issue 12 acceptance: a real GT06 tracker over TCP drives through a risk point. Exactly one
 * riskPoint alarm is stored and pushed to the owner's browsers, none to the other tree's; the
 * other tree's risk point at the same place does not apply; a restart raises nothing again.
 */
setUpTrackerTests();

const alarmsOf = (deviceId: number, since: Date) =>
  h.handle.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.deviceId, deviceId), gte(alarms.createdAt, since), eq(alarms.type, 'riskPoint')))
    .orderBy(asc(alarms.time));

/** A risk point of 1 km round `center`, in the engine once this resolves. */
async function riskPoint(owner: string, name: string, center = CENTER) {
  const r = await h.post(
    '/api/riskPoint/add',
    { name, center: { lng: center.lon, lat: center.lat }, radius: 1000 },
    await h.login(owner),
  );
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  await gw.alarms.reload();
  return r.data.id as number;
}

/** Far enough east of CENTER that its risk point does not overlap the first test's. */
const EAST = { lat: CENTER.lat, lon: CENTER.lon + 0.5 };
const eastNorth = (km: number) => ({ lat: EAST.lat + km * 0.009, lon: EAST.lon });

describe('risk point alarms from a GT06 tracker over TCP', () => {
  it("one enter alarm, stored once, pushed to the owner only; the other tree's point does not apply", async () => {
    const mine = await riskPoint('agent', 'risk crossing');
    const theirs = await riskPoint('agent2', 'risk crossing');
    const d = await gt06Of('user');
    const [owner, other] = await Promise.all([alarmSocket('agent'), alarmSocket('agent2')]);
    const since = new Date();
    const fixes = path([north(5), north(0.2), north(0), north(5)], Date.now() - 10 * MIN);
    const link = await connect(d.terminalId);
    try {
      // Twice over: the second pass resends the same frames.
      for (const f of [...fixes, ...fixes]) link.send(f);
      await until(
        () => alarmsOf(d.id, since),
        (r) => r.length >= 1,
      );
      await settled();
      const stored = await alarmsOf(d.id, since);
      expect(stored.map((a) => [a.type, a.time.getTime(), a.attributes])).toEqual([
        ['riskPoint', fixes[1].time.getTime(), { fenceId: mine }],
      ]);
      const pushed = await until(
        async () => owner.got.filter((e) => e.deviceId === d.id),
        (e) => e.length >= 1,
      );
      expect(pushed.map((e) => [e.alarm, e.id])).toEqual([['riskPoint', stored[0].id]]);
      expect(other.got.filter((e) => e.deviceId === d.id)).toEqual([]);
      const visits = await h.handle.db.select().from(areaVisits).where(eq(areaVisits.deviceId, d.id));
      expect(visits.map((v) => [v.fenceId, v.arrivedAt.getTime(), v.departedAt?.getTime()])).toEqual([
        [mine, fixes[1].time.getTime(), fixes[3].time.getTime()],
      ]);
      expect(visits.some((v) => v.fenceId === theirs)).toBe(false);
    } finally {
      link.close();
      owner.close();
      other.close();
    }
  });

  it('a vehicle inside when the gateway restarts raises no second alarm; entering again raises one', async () => {
    await riskPoint('agent', 'risk restart', EAST);
    const d = await gt06Of('agent');
    const since = new Date();
    const t0 = Date.now() - 40 * MIN;
    const before = path([eastNorth(5), eastNorth(0.1)], t0);
    let link = await connect(d.terminalId);
    for (const f of before) link.send(f);
    await until(
      () => alarmsOf(d.id, since),
      (r) => r.length >= 1,
    );
    await settled();
    link.close();
    await restartGateway();
    const after = path([eastNorth(0.05), eastNorth(0), eastNorth(5), eastNorth(0.1)], t0 + 2 * MIN);
    link = await connect(d.terminalId);
    try {
      for (const f of after) link.send(f);
      await until(
        () => alarmsOf(d.id, since),
        (r) => r.length >= 2,
      );
      await settled();
      expect((await alarmsOf(d.id, since)).map((a) => a.time.getTime())).toEqual([
        before[1].time.getTime(),
        after[3].time.getTime(),
      ]);
    } finally {
      link.close();
    }
  });
});
