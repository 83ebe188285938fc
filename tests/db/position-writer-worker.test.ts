import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { openPositionWriter } from '../../server/ingest/open-writer';
import type { PositionRecord } from '../../server/ingest/position-writer';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * The writer a process opens (open-writer.ts): on PostgreSQL its database work runs in a worker
 * thread, on PGlite in this one; either way it hands back the records it was given, in commit
 * order, and loses nothing while the database is away (PostgreSQL only: PGlite has no
 * connection to lose, tests/api/no-loss.test.ts covers its failing writes).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestDatabase;
let ids: number[];

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  ids = (await t.db.select({ id: devices.id }).from(devices).limit(2)).map((r) => r.id);
});
afterAll(async () => {
  await t.dispose();
});

type Acked = PositionRecord & { onStored: () => void };
const fix = (deviceId: number, at: number, onStored: () => void = () => {}): Acked => ({
  deviceId,
  fixTime: new Date(at),
  serverTime: new Date(),
  lat: 30 + (at % 1000) / 1e4,
  lon: 120,
  speed: 12.5,
  course: 45,
  altitude: at % 2 ? null : 8,
  valid: true,
  positionType: 'gps',
  satellites: null,
  acc: at % 3 === 0 ? null : at % 3 === 1,
  battery: 55,
  mileage: null,
  alarm: at % 5 === 0 ? 'sos' : null,
  attributes: { n: at % 7 },
  tires: [],
  onStored,
});

const storedFor = async (deviceId: number) =>
  Number((await t.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, deviceId)))[0].n);

describe(`the opened position writer (${onPostgres ? 'PostgreSQL: worker thread' : 'PGlite: this thread'})`, () => {
  it('hands back the very records it was given, callbacks and all, and stores their columns', async () => {
    const w = openPositionWriter({ db: t.db, url: t.url }, { maxBatch: 40, flushMs: 10 });
    const back: Acked[] = [];
    w.on('committed', (b: Acked[]) => back.push(...b));
    const stored: number[] = [];
    const sent: Acked[] = [];
    // The last fix is newer than the seeded one, so the device row must move to it.
    const base = Date.now() - 150_000;
    for (let i = 0; i < 150; i++) {
      const r = fix(ids[0], base + i * 1000, () => stored.push(i));
      sent.push(r);
      w.add(r);
    }
    await w.drain();
    expect(w.pending).toBe(0);
    // The same objects, each once, with what never crossed to the worker still on them.
    expect(new Set(back)).toEqual(new Set(sent));
    expect(back).toHaveLength(sent.length);
    for (const r of back) r.onStored();
    expect(stored.sort((a, b) => a - b)).toEqual(sent.map((_, i) => i));
    const rows = await t.db.select().from(positions).where(eq(positions.deviceId, ids[0]));
    const at = (ms: number) => rows.find((r) => r.fixTime.getTime() === ms)!;
    for (const k of [0, 1, 2, 5]) {
      const r = sent[k];
      expect(at(r.fixTime.getTime())).toMatchObject({
        lat: r.lat,
        speed: r.speed,
        altitude: r.altitude,
        acc: r.acc,
        alarm: r.alarm,
        satellites: null,
        attributes: r.attributes,
      });
    }
    // The device row follows the newest fix (the worker's own round of device updates).
    const [dev] = await t.db.select().from(devices).where(eq(devices.id, ids[0]));
    expect(dev.fixTime?.getTime()).toBe(sent[sent.length - 1].fixTime.getTime());
    await w.close();
  });

  if (onPostgres) {
    it('keeps every row while PostgreSQL is unreachable and commits them after', async () => {
      const u = new URL(t.url!);
      const proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
      u.hostname = '127.0.0.1';
      u.port = String(proxy.port);
      const w = openPositionWriter(
        { db: t.db, url: u.toString() },
        { maxBatch: 50, flushMs: 20, highWater: 200, lowWater: 50, maxRetryMs: 200 },
      );
      const events: string[] = [];
      w.on('pressure', () => events.push('pressure'));
      w.on('drain', () => events.push('drain'));
      w.on('error', () => events.push('error'));
      let committed = 0;
      w.on('committed', (b: PositionRecord[]) => (committed += b.length));
      const before = await storedFor(ids[1]);
      const base = Date.now() - 3_600_000;
      for (let i = 0; i < 100; i++) w.add(fix(ids[1], base + i * 1000));
      await w.drain();
      proxy.cut();
      for (let i = 100; i < 400; i++) w.add(fix(ids[1], base + i * 1000));
      await new Promise((r) => setTimeout(r, 1500));
      expect(w.underPressure).toBe(true);
      expect(w.pending).toBeGreaterThan(0);
      proxy.restore();
      await w.drain();
      expect(committed).toBe(400);
      expect(await storedFor(ids[1])).toBe(before + 400);
      expect(events).toContain('error');
      expect(events.filter((e) => e !== 'error')).toEqual(['pressure', 'drain']);
      await w.close();
      await proxy.close();
    });
  }
});
