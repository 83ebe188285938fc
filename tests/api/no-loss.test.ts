import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createMemoryBus } from '../../server/bus/memory';
import { openDatabase, type Db, type DbHandle } from '../../server/db/client';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { PROTOCOL_FAMILY } from '../../server/gateway/families';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { PositionWriter } from '../../server/ingest/position-writer';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { startTcpProxy } from '../support/tcp-proxy';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * The database goes away mid-run and comes back: every position the trackers sent is stored.
 * On PostgreSQL the outage is real (a proxy between us and the server drops every connection
 * and refuses new ones); on embedded PGlite, which has no connection to lose, every write
 * fails for the same time instead.
 */
const DEVICES = 20;
const REPORTS = 40;
const OUTAGE_MS = 5000;

let t: TestDatabase;
let proxied: DbHandle | null = null;
let proxy: Awaited<ReturnType<typeof startTcpProxy>> | null = null;
let gw: Gateway;
let writer: PositionWriter;
let outage: { start(): void; end(): void };
const sims: SimDevice[] = [];

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  let db: Db = t.db;
  let writerDb: Db = t.db;
  if (t.url) {
    const u = new URL(t.url);
    proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port);
    proxied = await openDatabase({ url: u.toString() });
    db = writerDb = proxied.db;
    outage = { start: () => proxy!.cut(), end: () => proxy!.restore() };
  } else {
    let down = false;
    writerDb = new Proxy(t.db, {
      get(target, prop, receiver) {
        if ((prop === 'transaction' || prop === 'execute') && down)
          return () => Promise.reject(new Error('database unreachable'));
        return Reflect.get(target, prop, receiver);
      },
    });
    outage = { start: () => (down = true), end: () => (down = false) };
  }
  writer = new PositionWriter(writerDb, {
    maxBatch: 200,
    flushMs: 50,
    highWater: 500,
    lowWater: 100,
    maxRetryMs: 500,
  });
  gw = await startGateway({ db, bus: createMemoryBus(), writer }, loopbackListeners());
});

afterAll(async () => {
  for (const s of sims) s.stop();
  await gw.close();
  await writer.close();
  await proxied?.close();
  await proxy?.close();
  await t.dispose();
});

describe('no data lost', () => {
  it('stores every position sent while the database was unreachable for five seconds', async () => {
    const rows = (
      await t.db
        .select()
        .from(devices)
        .where(inArray(devices.protocol, [13, 8, 14, 15, 6]))
        .orderBy(devices.id)
    )
      .filter((d) => d.lat != null)
      .slice(0, DEVICES);
    const before = new Map<number, number>();
    for (const d of rows) {
      const [{ n }] = await t.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, d.id));
      before.set(d.id, Number(n));
    }
    for (const [i, d] of rows.entries()) {
      const s = new SimDevice(
        { terminalId: d.terminalId, family: PROTOCOL_FAMILY[d.protocol] as 'gt06' | 'jt808', lat: d.lat!, lon: d.lon!, seed: i },
        {
          ...DEFAULT_SIM_OPTIONS,
          ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
          manual: true,
          alarmChance: 0,
          reconnect: false,
        },
      );
      sims.push(s);
      await s.start();
    }
    for (let i = 0; i < 200 && gw.ctx.registry.size < rows.length; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(gw.ctx.registry.size).toBe(rows.length);

    const base = Date.now() - REPORTS * 1000;
    for (let r = 0; r < REPORTS; r++) {
      if (r === 5) outage.start();
      if (r === 5 + Math.round(OUTAGE_MS / 150)) outage.end();
      for (const s of sims) s.report(base + r * 1000);
      await new Promise((res) => setTimeout(res, 150));
    }
    outage.end();
    const sent = sims.reduce((a, s) => a + s.stats.positions, 0);
    expect(sent).toBe(DEVICES * REPORTS);

    let stored = 0;
    for (let i = 0; i < 200; i++) {
      await writer.drain();
      const [{ n }] = await t.db
        .select({ n: count() })
        .from(positions)
        .where(
          inArray(
            positions.deviceId,
            rows.map((d) => d.id),
          ),
        );
      stored = Number(n) - [...before.values()].reduce((a, b) => a + b, 0);
      if (stored >= sent) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(writer.stats.failures).toBeGreaterThan(0);
    expect(stored).toBe(sent);
  });
});
