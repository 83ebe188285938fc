import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { rollupDay } from '../../server/services/track/rollup';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import { ACCOUNT_ZONE, dayOf, dayStart } from '../../src/domain/time-zone';
import { addDays, type TrackFix } from '../../src/domain/track';
import { drive } from '../unit/track/fixtures';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Statistics days are the account's (issue 32): the weekly mileage chart had a bar for a day
 * that had not begun in the browser's zone. Reports cut days in the account zone (GMT+8), cover
 * no day after the account's today, and say which days and zone they cover.
 */

let h: Harness;
let owner: string;
let terminalId: string;
const today = dayOf(Date.now(), ACCOUNT_ZONE);
const day1 = addDays(today, -2);
const day2 = addDays(today, -1);
const MIN = 60_000;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('agent2');
  // A vehicle of this test's own, driving over the account zone's midnight: 20 km from 23:35
  // to 23:55 on day1, 10 km from 00:05 on day2. In UTC all of it is 15:35 to 16:15 of day1.
  terminalId = `8693299${String(Date.now()).slice(-8)}`;
  const [d] = await h.handle.db
    .insert(devices)
    .values({
      terminalId,
      userId: await h.idOf('agent2'),
      deviceType: 'GT06N',
      protocol: DEVICE_PROTOCOL.Gt06,
      state: DEVICE_STATE.offline,
    })
    .returning();
  const midnight = dayStart(day2, ACCOUNT_ZONE);
  const before = drive([[1200, 60, 0]], { start: midnight - 25 * MIN, lat: 22.5, lon: 114 });
  const last = before[before.length - 1];
  const after = drive([[600, 60, 90]], { start: midnight + 5 * MIN, lat: last.lat, lon: last.lon });
  const fixes: TrackFix[] = [...before, ...after];
  await h.handle.db.insert(positions).values(
    fixes.map((f) => ({
      deviceId: d.id,
      fixTime: new Date(f.t),
      lat: f.lat,
      lon: f.lon,
      speed: f.speed,
      course: f.course,
    })),
  );
  const end = fixes[fixes.length - 1];
  await h.handle.db
    .update(devices)
    .set({ fixTime: new Date(end.t), lat: end.lat, lon: end.lon })
    .where(eq(devices.id, d.id));
  for (const day of [day1, day2]) await rollupDay(h.handle.db, d.id, day);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('statistics days', () => {
  it("cut the kilometres at the account zone's midnight, not UTC's", async () => {
    const r = await h.post(
      '/api/stat/countMileage',
      { terminalIDs: [terminalId], startDate: addDays(today, -6), endDate: today, groupBy: 'day' },
      owner,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const byDate = r.data.byDate as { date: string; mileageM: number }[];
    expect(byDate.map((d) => d.date)).toEqual([day1, day2]);
    expect(byDate[0].mileageM / 1000).toBeCloseTo(20, 0);
    expect(byDate[1].mileageM / 1000).toBeCloseTo(10, 0);
  });

  it("cover no day after the account's today and say which days and zone they cover", async () => {
    const tomorrow = addDays(today, 1);
    const week = { terminalIDs: [terminalId], startDate: addDays(today, -5), endDate: tomorrow };
    const mileage = await h.post('/api/stat/countMileage', { ...week, groupBy: 'day' }, owner);
    expect(mileage.status, JSON.stringify(mileage.meta)).toBe(200);
    expect(mileage.data.period).toEqual({ startDate: addDays(today, -5), endDate: today, timeZone: 'GMT+8' });
    expect(mileage.data.byDate.every((d: { date: string }) => d.date <= today)).toBe(true);
    const stays = await h.post('/api/stat/countStayDetail', week, owner);
    expect(stays.status, JSON.stringify(stays.meta)).toBe(200);
    expect(stays.data.period).toEqual(mileage.data.period);
    // A range wholly to come covers nothing.
    const ahead = await h.post(
      '/api/stat/countMileage',
      { terminalIDs: [terminalId], startDate: tomorrow, endDate: addDays(today, 3) },
      owner,
    );
    expect(ahead.status).toBe(200);
    expect(ahead.data).toMatchObject({ list: [], byDate: [], period: { startDate: tomorrow } });
    // The day rule still refuses what it refused.
    const backwards = await h.post(
      '/api/stat/countMileage',
      { ...week, startDate: tomorrow, endDate: today },
      owner,
    );
    expect(backwards.meta.key).toBe('rangeOrder');
  });
});
