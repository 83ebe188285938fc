import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { PositionWriter, type PositionRecord } from '../../server/ingest/position-writer';
import { positionRecord } from '../support/position-record';

let t: TestDatabase;
let ids: number[];

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  ids = (await t.db.select({ id: devices.id }).from(devices).limit(3)).map((r) => r.id);
});
afterAll(async () => {
  await t.dispose();
});

const fix = (deviceId: number, at: number, extra: Partial<PositionRecord> = {}) =>
  positionRecord(deviceId, at, {
    lat: 39.9 + at / 1e12,
    speed: 42,
    course: 90,
    battery: 80,
    attributes: { src: 'test' },
    ...extra,
  });

async function storedFor(deviceId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, deviceId));
  return Number(n);
}

describe('PositionWriter', () => {
  it('writes in batches by size and time and reports what committed', async () => {
    const w = new PositionWriter(t.db, { maxBatch: 50, flushMs: 20 });
    const committed: number[] = [];
    w.on('committed', (b: PositionRecord[]) => committed.push(b.length));
    const before = await storedFor(ids[0]);
    const base = Date.now() - 60_000;
    for (let i = 0; i < 120; i++) w.add(fix(ids[0], base + i * 100));
    await w.drain();
    expect(await storedFor(ids[0])).toBe(before + 120);
    expect(committed.reduce((a, b) => a + b, 0)).toBe(120);
    expect(Math.max(...committed)).toBeLessThanOrEqual(50);
    await w.close();
  });

  it("keeps each device's newest fix on the device row, never an older one", async () => {
    const w = new PositionWriter(t.db, { maxBatch: 10, flushMs: 5 });
    const now = Date.now();
    w.add(fix(ids[1], now - 1000, { lat: 22.5, lon: 114.0, speed: 70 }));
    w.add(fix(ids[1], now - 5000, { lat: 10, lon: 10 }));
    await w.drain();
    w.add(fix(ids[1], now - 9000, { lat: 11, lon: 11 }));
    await w.drain();
    const [row] = await t.db.select().from(devices).where(eq(devices.id, ids[1]));
    expect(row).toMatchObject({ lat: 22.5, lon: 114.0, speed: 70 });
    expect(row.fixTime?.getTime()).toBe(now - 1000);
    await w.close();
  });

  it('keeps attributes with quotes, commas and backslashes intact', async () => {
    const w = new PositionWriter(t.db, { maxBatch: 10, flushMs: 5 });
    const attributes = { note: 'a "quoted", \\ back\\slash {x}', n: 1 };
    const at = Date.now() - 3_600_000;
    w.add(fix(ids[2], at, { attributes, alarm: 'sos', positionType: 'lbs' }));
    await w.drain();
    const rows = await t.db.select().from(positions).where(eq(positions.deviceId, ids[2]));
    const row = rows.find((r) => r.fixTime.getTime() === at)!;
    expect(row).toMatchObject({ attributes, alarm: 'sos', positionType: 'lbs' });
    await w.close();
  });

  it('stores an untrusted fix but keeps the last trusted one, with the later status, on the device row', async () => {
    const w = new PositionWriter(t.db, { maxBatch: 10, flushMs: 5 });
    const now = Date.now();
    w.add(fix(ids[0], now - 2000, { lat: 22.5, lon: 114.0, acc: true, battery: 90 }));
    await w.drain();
    const before = await storedFor(ids[0]);
    w.add(fix(ids[0], now - 1000, { lat: 116.3, lon: 39.9, valid: false, acc: false, battery: 40 }));
    await w.drain();
    expect(await storedFor(ids[0])).toBe(before + 1);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, ids[0]));
    expect(row).toMatchObject({ lat: 22.5, lon: 114.0, valid: true, acc: false, battery: 40 });
    expect(row.fixTime?.getTime()).toBe(now - 2000);
    await w.close();
  });

  it('raises pressure above the high water mark and drain below the low one', async () => {
    const w = new PositionWriter(t.db, { maxBatch: 100, flushMs: 1000, highWater: 30, lowWater: 5 });
    const events: string[] = [];
    w.on('pressure', () => events.push('pressure'));
    w.on('drain', () => events.push('drain'));
    for (let i = 0; i < 40; i++) w.add(fix(ids[2], Date.now() - i * 10));
    expect(w.underPressure).toBe(true);
    await w.drain();
    expect(events).toEqual(['pressure', 'drain']);
    await w.close();
  });
});
