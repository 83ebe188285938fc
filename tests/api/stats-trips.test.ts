import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackDayShapes } from '../../server/db/schema/track-day-shapes';
import { ACCOUNT_ZONE, dayOf, dayStart } from '../../src/domain/time-zone';
import { addDays } from '../../src/domain/track';
import { drive } from '../unit/track/fixtures';
import { closeDatabase, startHarness, type Harness } from './harness';
import { ownRolledVehicle } from './own-vehicle';

/**
 * The trips report (issue 33) over a day of known fixes, rolled up as the job does: from 08:00
 * account time the vehicle stands 20 min, drives 20 min at 60 km/h (20 km), stops 10 min,
 * drives 10 min at 60 km/h (10 km) and stands 30 min; nothing else that day.
 */

let h: Harness;
let owner: string;
let deviceId: number;
let terminalId: string;
const day = addDays(dayOf(Date.now(), ACCOUNT_ZONE), -1);
const MIN = 60_000;
const eight = dayStart(day, ACCOUNT_ZONE) + 8 * 60 * MIN;

type Trip = {
  terminalID: string;
  start: number;
  end: number;
  durationS: number;
  distanceM: number;
  avgSpeed: number;
  topSpeed: number;
};
const trips = async (body: object, as = owner) => {
  const r = await h.post(
    '/api/stat/countTrips',
    { terminalIDs: [terminalId], startDate: day, endDate: day, ...body },
    as,
  );
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return r.data as {
    list: Trip[];
    total: number;
    totals: { trips: number; distanceM: number };
    byDate: { date: string; trips: number }[];
  };
};

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('agent2');
  const fixes = drive(
    [
      [20 * 60, 0, 0],
      [20 * 60, 60, 0],
      [10 * 60, 0, 0],
      [10 * 60, 60, 90],
      [30 * 60, 0, 0],
    ],
    { start: eight, lat: 22.5, lon: 114 },
  );
  ({ id: deviceId, terminalId } = await ownRolledVehicle(h, 'agent2', fixes, [day]));
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('countTrips', () => {
  it('lists the two drives between stays, with the distance, duration and speeds of each', async () => {
    const r = await trips({});
    expect(r.total).toBe(2);
    const [a, b] = r.list;
    // 20 min at 60 km/h is 20 km; 10 min is 10 km (the fixture moves 166.7 m every 10 s).
    expect(a.distanceM / 1000).toBeCloseTo(20, 0);
    expect(b.distanceM / 1000).toBeCloseTo(10, 0);
    // Each trip runs from the stay it leaves to the stay it reaches: within a fix (10 s) of the drive.
    expect(Math.abs(a.start - (eight + 20 * MIN))).toBeLessThanOrEqual(10_000);
    expect(Math.abs(a.durationS - 20 * 60)).toBeLessThanOrEqual(20);
    expect(Math.abs(b.start - (eight + 50 * MIN))).toBeLessThanOrEqual(10_000);
    expect(Math.abs(b.durationS - 10 * 60)).toBeLessThanOrEqual(20);
    for (const t of [a, b]) {
      expect(t.topSpeed).toBe(60);
      expect(t.avgSpeed).toBeGreaterThan(55);
      expect(t.avgSpeed).toBeLessThanOrEqual(60);
    }
    expect(r.byDate).toEqual([expect.objectContaining({ date: day, trips: 2 })]);
  });

  it("adds up to the mileage report's distance for the same day", async () => {
    const r = await trips({});
    const m = await h.post(
      '/api/stat/countMileage',
      { terminalIDs: [terminalId], startDate: day, endDate: day, groupBy: 'device' },
      owner,
    );
    const mileage = (m.data.list as { mileageM: number }[])[0].mileageM;
    expect(Math.abs(r.totals.distanceM - mileage)).toBeLessThan(1);
  });

  it('takes a 10-minute stop for part of the trip when stays start at 15 minutes', async () => {
    const r = await trips({ minStaySeconds: 15 * 60 });
    expect(r.total).toBe(1);
    expect(r.list[0].distanceM / 1000).toBeCloseTo(30, 0);
    expect(Math.abs(r.list[0].durationS - 40 * 60)).toBeLessThanOrEqual(20);
  });

  it('gives the same trips for a day rolled up before the report existed (no stored trip day)', async () => {
    const before = await trips({});
    await h.handle.db
      .update(trackDayShapes)
      .set({ trips: null })
      .where(and(eq(trackDayShapes.deviceId, deviceId), eq(trackDayShapes.day, day)));
    // 181 s, not the default: identical requests share one answer for a while (ReadCache).
    expect((await trips({ minStaySeconds: 181 })).list).toEqual(before.list);
  });

  it("lists nothing of another agent's device", async () => {
    const other = await h.login('agent');
    const r = await h.post(
      '/api/stat/countTrips',
      { terminalIDs: [terminalId], startDate: day, endDate: day },
      other,
    );
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(0);
  });

  it('refuses a stop minimum under a minute', async () => {
    const r = await h.post(
      '/api/stat/countTrips',
      { startDate: day, endDate: day, minStaySeconds: 30 },
      owner,
    );
    expect(r.status).toBe(400);
  });
});
