import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { fenceDevices } from '../../server/db/schema/fence-devices';
import { fences } from '../../server/db/schema/fences';
import type { Fix } from '../../server/sim/gt06-frames';
import type { AlarmEvent } from '../../src/domain/live-events';
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
  settled,
  setUpTrackerTests,
} from './tracker-fixture';

/**
 * The platform's alarms from a real GT06 tracker over TCP (issue 12): fence crossings per
 * allocation mode and overspeed, stored once and pushed only to browsers of the owner's tree.
 */
setUpTrackerTests();
const agentGt06 = () => gt06Of('agent');

async function allocate(fence: typeof fences.$inferInsert, deviceId: number, mode: 'in' | 'out' | 'inout') {
  const [f] = await h.handle.db.insert(fences).values(fence).returning({ id: fences.id });
  await h.handle.db.insert(fenceDevices).values({ fenceId: f.id, deviceId, alarmMode: mode });
  await gw.alarms.reload();
  return f.id;
}

const alarmsOf = (deviceId: number, since: Date) =>
  h.handle.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.deviceId, deviceId), gte(alarms.createdAt, since)))
    .orderBy(asc(alarms.time));

/** Drives through the fence (out, in, in, out) twice over: the second pass resends the same frames. */
async function driveThrough(terminalId: string, t0: number) {
  const path: Fix[] = [north(5), north(0.2), north(0), north(5)].map((p, i) => ({
    time: new Date(t0 + i * MIN),
    ...p,
    speed: 40,
    course: 0,
  }));
  const link = await connect(terminalId);
  for (const f of path) link.send(f);
  for (const f of path) link.send(f);
  return link;
}

async function expectOneEnterAndLeave(
  deviceId: number,
  since: Date,
  owner: { got: AlarmEvent[] },
  other: { got: AlarmEvent[] },
) {
  const stored = await until(
    () => alarmsOf(deviceId, since),
    (r) => r.length >= 2,
  );
  // The resent frames have come and gone too.
  await settled();
  expect((await alarmsOf(deviceId, since)).map((a) => a.type)).toEqual(['fenceIn', 'fenceOut']);
  const pushed = await until(
    async () => owner.got.filter((e) => e.deviceId === deviceId),
    (e) => e.length >= 2,
  );
  expect(pushed.map((e) => [e.alarm, e.id])).toEqual(stored.map((a) => [a.type, a.id]));
  expect(other.got.filter((e) => e.deviceId === deviceId)).toEqual([]);
}

describe('fence alarms from a GT06 tracker over TCP', () => {
  it('a circle in in/out mode: one enter and one leave alarm, stored once, pushed to the owner only', async () => {
    const d = await agentGt06();
    await allocate(
      {
        name: 'test circle',
        userId: await h.idOf('agent'),
        type: 'circle',
        centerLat: CENTER.lat,
        centerLon: CENTER.lon,
        radius: 1000,
      },
      d.id,
      'inout',
    );
    const [owner, other] = await Promise.all([alarmSocket('agent'), alarmSocket('agent2')]);
    const since = new Date();
    const link = await driveThrough(d.terminalId, Date.now() - 10 * MIN);
    try {
      await expectOneEnterAndLeave(d.id, since, owner, other);
      const [a] = await alarmsOf(d.id, since);
      expect(a.lat).toBeCloseTo(north(0.2).lat, 5);
    } finally {
      link.close();
      owner.close();
      other.close();
    }
  });

  it('a polygon in in/out mode: the same', async () => {
    const d = await agentGt06();
    const k = 0.009;
    await allocate(
      {
        name: 'test polygon',
        userId: await h.idOf('agent'),
        type: 'polygon',
        points: [
          [CENTER.lon - k, CENTER.lat - k],
          [CENTER.lon + k, CENTER.lat - k],
          [CENTER.lon + k, CENTER.lat + k],
          [CENTER.lon, CENTER.lat + 0.5 * k],
          [CENTER.lon - k, CENTER.lat + k],
        ],
      },
      d.id,
      'inout',
    );
    const [owner, other] = await Promise.all([alarmSocket('agent'), alarmSocket('agent2')]);
    const since = new Date();
    const link = await driveThrough(d.terminalId, Date.now() - 20 * MIN);
    try {
      await expectOneEnterAndLeave(d.id, since, owner, other);
    } finally {
      link.close();
      owner.close();
      other.close();
    }
  });

  it('an "in" allocation raises the enter alarm only', async () => {
    const d = await agentGt06();
    await allocate(
      {
        name: 'test in only',
        userId: await h.idOf('agent'),
        type: 'circle',
        centerLat: CENTER.lat,
        centerLon: CENTER.lon,
        radius: 1000,
      },
      d.id,
      'in',
    );
    const since = new Date();
    const link = await driveThrough(d.terminalId, Date.now() - 30 * MIN);
    try {
      await until(
        () => alarmsOf(d.id, since),
        (r) => r.length >= 1,
      );
      await settled();
      expect((await alarmsOf(d.id, since)).map((a) => a.type)).toEqual(['fenceIn']);
    } finally {
      link.close();
    }
  });
});

describe('overspeed from a GT06 tracker over TCP', () => {
  it('a one-fix spike raises nothing; ten seconds over the device limit raise one alarm', async () => {
    const d = await agentGt06();
    await h.handle.db
      .update(devices)
      .set({ speedLimit: 90 })
      .where(inArray(devices.id, [d.id]));
    const [owner, other] = await Promise.all([alarmSocket('agent'), alarmSocket('agent2')]);
    const since = new Date();
    // GT06 times are whole seconds.
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 5 * MIN;
    const speeds = [50, 140, 50, 95, 96, 97, 98, 60];
    const link = await connect(d.terminalId);
    try {
      speeds.forEach((speed, i) =>
        link.send({ time: new Date(t0 + i * 5000), ...north(i * 0.1), speed, course: 0 }),
      );
      const stored = await until(
        () => alarmsOf(d.id, since),
        (r) => r.length >= 1,
      );
      await settled();
      expect((await alarmsOf(d.id, since)).map((a) => [a.type, a.time.getTime()])).toEqual([
        ['overspeed', t0 + 5 * 5000],
      ]);
      const pushed = await until(
        async () => owner.got.filter((e) => e.deviceId === d.id),
        (e) => e.length >= 1,
      );
      expect(pushed.map((e) => e.id)).toEqual([stored[0].id]);
      expect(other.got.filter((e) => e.deviceId === d.id)).toEqual([]);
    } finally {
      link.close();
      owner.close();
      other.close();
    }
  });
});

describe('the engine in memory', () => {
  it('a reload keeps the side a device moved to in memory, before it is stored', async () => {
    const d = await agentGt06();
    const fence = { name: `reload ${d.id}`, userId: await h.idOf('agent'), type: 'circle' as const };
    await allocate({ ...fence, centerLat: CENTER.lat, centerLon: CENTER.lon, radius: 500 }, d.id, 'inout');
    const t0 = Date.now() - 10 * MIN;
    const fix = (i: number, at: { lat: number; lon: number }) => ({
      deviceId: d.id,
      terminalId: d.terminalId,
      fixTime: new Date(t0 + i * MIN),
      serverTime: new Date(),
      ...at,
      speed: 30,
      course: 0,
      altitude: null,
      valid: true,
      positionType: 'gps',
      satellites: 8,
      acc: true,
      battery: null,
      mileage: null,
      alarm: null,
      attributes: null,
    });
    // evaluate() changes memory only: nothing of these sides reaches the database.
    const types = (batch: ReturnType<typeof fix>[]) => gw.alarms.evaluate(batch).alarms.map((a) => a.type);
    expect(types([fix(0, north(5)), fix(1, north(0))])).toEqual(['fenceIn']);
    await gw.alarms.reload();
    expect(types([fix(2, north(5))])).toEqual(['fenceOut']);
  });
});
