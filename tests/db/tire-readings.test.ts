import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { positionRecord } from '../support/position-record';
import { devices } from '../../server/db/schema/devices';
import { tireReadings } from '../../server/db/schema/tire-readings';
import { PositionWriter } from '../../server/ingest/position-writer';
import { addTireReadings, upsertTireReadings, type TireRow } from '../../server/ingest/tire-readings';
import type { TireSensorReading } from '../../src/domain/tire';

let t: TestDatabase;
let ids: number[];

beforeAll(async () => {
  t = await openTestDatabase({ seed: false });
  // A bare database: two devices are enough.
  await t.db.execute(`INSERT INTO users (id, username, password_hash, role) VALUES (900, 'tires', 'x', 3)`);
  const rows = await t.db
    .insert(devices)
    .values([
      { terminalId: '13900000001', userId: 900, protocol: 8 },
      { terminalId: '13900000002', userId: 900, protocol: 8 },
    ])
    .returning({ id: devices.id });
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await t.dispose();
});

const wheel = (position: number, pressureKpa: number | null, eventType = 1): TireSensorReading => ({
  position,
  eventType,
  pressureKpa,
  temperatureC: 30,
  batteryPct: 90,
});

const fix = (deviceId: number, at: number, tires?: TireSensorReading[]) =>
  positionRecord(deviceId, at, tires && { tires });

const stored = (deviceId: number) =>
  t.db
    .select()
    .from(tireReadings)
    .where(eq(tireReadings.deviceId, deviceId))
    .orderBy(asc(tireReadings.position));

describe('tire readings on ingest', () => {
  it('keeps the newest reading of each wheel, batched with the device rows', async () => {
    const w = new PositionWriter(t.db, { flushMs: 5, deviceFlushMs: 20 });
    const base = Date.now() - 60_000;
    w.add(fix(ids[0], base, [wheel(0, 230), wheel(1, 231), wheel(2, 232), wheel(3, 233)]));
    w.add(fix(ids[0], base + 1000)); // no tires: nothing changes
    w.add(fix(ids[0], base + 2000, [wheel(2, 175, 0x44)]));
    // A blind-area re-upload of an older report, committed later: it must not win.
    w.add(fix(ids[0], base - 5000, [wheel(2, 240)]));
    await w.drain();
    const rows = await stored(ids[0]);
    expect(rows.map((r) => [r.position, r.pressureKpa, r.eventType])).toEqual([
      [0, 230, 1],
      [1, 231, 1],
      [2, 175, 0x44],
      [3, 233, 1],
    ]);
    expect(rows[2].updatedAt.getTime()).toBe(base + 2000);

    // Later rounds: an older reading is refused by the database too.
    w.add(fix(ids[0], base - 10_000, [wheel(0, 100)]));
    w.add(fix(ids[0], base + 3000, [wheel(1, null)]));
    await w.drain();
    const after = await stored(ids[0]);
    expect(after[0].pressureKpa).toBe(230);
    expect(after[1]).toMatchObject({ pressureKpa: null, temperatureC: 30, batteryPct: 90 });
    await w.close();
  });

  it('skips the readings of a device deleted meanwhile instead of failing the batch', async () => {
    const map = new Map<string, TireRow>();
    addTireReadings(map, ids[1], new Date(), [wheel(0, 220)]);
    addTireReadings(map, 2_000_000, new Date(), [wheel(0, 220)]);
    await upsertTireReadings(t.db, [...map.values()]);
    expect(await stored(ids[1])).toHaveLength(1);
    expect(await stored(2_000_000)).toHaveLength(0);
  });

  it('deletes the readings with their device', async () => {
    await t.db.delete(devices).where(eq(devices.id, ids[1]));
    expect(await stored(ids[1])).toHaveLength(0);
  });

  it('holds one reading per wheel in a round, the newest', () => {
    const map = new Map<string, TireRow>();
    addTireReadings(map, 1, new Date(2000), [wheel(0, 200), wheel(1, 201)]);
    addTireReadings(map, 1, new Date(1000), [wheel(0, 100)]);
    addTireReadings(map, 1, new Date(3000), [wheel(1, 250)]);
    addTireReadings(map, 2, new Date(1000), [wheel(0, 300)]);
    expect([...map.values()].map((r) => [r.deviceId, r.position, r.pressureKpa])).toEqual([
      [1, 0, 200],
      [1, 1, 250],
      [2, 0, 300],
    ]);
  });
});
