/**
 * The gateway side of `npm run bench:ingest`, in its own process so the load generator does not
 * share its event loop. It prepares the database, runs the GT06 gateway, reports stats to the
 * parent once a second, and on request measures the direct-insert limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { createMemoryBus } from '../server/bus/memory';
import { loadConfig } from '../server/config';
import { migrate, openDatabase } from '../server/db/client';
import { gt06Codec } from '../server/gateway/gt06';
import { startGateway } from '../server/gateway/runtime/server';
import { PositionWriter, type PositionRecord } from '../server/ingest/position-writer';
import { createSession } from '../server/services/sessions';
import { insertBenchFences } from './support/alarm-fences';
import { benchTerminalId } from './terminal-ids';

const devices = Number(process.env.BENCH_DEVICES ?? 10000);
const dir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'fg-bench-'));
const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: dir ?? undefined });
await migrate(handle);
const { db } = handle;

// A bare fleet: one owner, `devices` GT06 trackers with ids 1..N.
await db.execute(sql`TRUNCATE positions, devices, users RESTART IDENTITY CASCADE`);
await db.execute(sql`INSERT INTO users (username, password_hash, role) VALUES ('bench', 'x', 2)`);
const ids = Array.from({ length: devices }, (_, i) => benchTerminalId(i));
await db.execute(sql`
  INSERT INTO devices (terminal_id, user_id, protocol, state)
  SELECT t, 1, 13, 2 FROM unnest(${sql.param(ids)}::varchar[]) AS t`);

const writer = new PositionWriter(db, {
  maxBatch: Number(process.env.BENCH_BATCH ?? 4000),
  flushMs: 100,
  highWater: 100_000,
  lowWater: 40_000,
});
const latencies: number[] = [];
writer.on('committed', (batch: PositionRecord[]) => {
  const now = Date.now();
  for (const r of batch) latencies.push(now - r.serverTime.getTime());
});
const fenceCount = Number(process.env.BENCH_FENCES ?? 0);
if (fenceCount) {
  const made = await insertBenchFences(db, {
    count: fenceCount,
    allocations: Number(process.env.BENCH_ALLOCATIONS ?? 0),
    devices,
    probes: Number(process.env.BENCH_PROBES ?? 0),
  });
  console.error(`fences ${made.fences}, allocations ${made.allocations}`);
}
const bus = createMemoryBus();
const gw = await startGateway({ db, bus, writer }, [{ codec: gt06Codec, port: 0, host: '127.0.0.1' }], {
  idleTimeoutMs: 600_000,
});
// Frame logs are diagnostics; the benchmark measures the position path like Traccar's figure.
gw.ctx.frameLog.add = () => {};

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

let indexLoadMs: number | undefined;
if (fenceCount) {
  const loadStart = Date.now();
  await gw.alarms.reload();
  indexLoadMs = Date.now() - loadStart;
}
// The owner's browser (bench:alarms): the API and its websocket, on the same bus.
let web: { appPort: number; token: string } | null = null;
if (process.env.BENCH_WEB === '1') {
  const app = await buildApp({ config: loadConfig(), handle, bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db, { userId: 1, ip: '127.0.0.1', userAgent: 'bench', ttlSeconds: 3600 });
  web = { appPort: (app.server.address() as AddressInfo).port, token };
}

process.send!({ type: 'ready', port: gw.ports.gt06, kind: handle.kind, indexLoadMs, ...web });
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
setInterval(() => {
  process.send!({
    type: 'stats',
    committed: writer.stats.committed,
    pending: writer.pending,
    connections: gw.ctx.registry.size,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    loopP99Ms: Math.round(loop.percentile(99) / 1e6),
    pressure: writer.underPressure,
    alarms: gw.alarms.stats.raised,
    sidesStored: gw.alarms.stats.sidesStored,
  });
  loop.reset();
}, 1000).unref();

process.on('message', async (m: { type: string; seconds?: number }) => {
  if (m.type === 'latency-reset') latencies.length = 0;
  if (m.type === 'latency') {
    const sorted = latencies.slice().sort((a, b) => a - b);
    process.send!({ type: 'latency', p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), samples: sorted.length });
  }
  if (m.type === 'direct') {
    // The limit: the same rows through the same writer, with no sockets or decoding.
    await gw.close();
    const start = Date.now();
    const until = start + (m.seconds ?? 20) * 1000;
    const base = writer.stats.committed;
    let i = 0;
    while (Date.now() < until) {
      for (let k = 0; k < 4000; k++, i++) {
        const now = new Date();
        writer.add({
          deviceId: 1 + (i % devices),
          fixTime: now,
          serverTime: now,
          lat: 39.9,
          lon: 116.4,
          speed: 40,
          course: 90,
          altitude: null,
          valid: true,
          positionType: 'gps',
          satellites: 9,
          acc: true,
          battery: null,
          mileage: null,
          alarm: null,
          attributes: null,
        });
      }
      while (writer.pending > 40_000) await new Promise((r) => setTimeout(r, 5));
    }
    await writer.drain();
    const rows = writer.stats.committed - base;
    process.send!({ type: 'direct', rows, perSecond: Math.round(rows / ((Date.now() - start) / 1000)) });
  }
  if (m.type === 'stop') {
    await writer.close();
    await handle.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
