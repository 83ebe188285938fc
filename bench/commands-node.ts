/**
 * One node of `npm run bench:commands`, in its own process so the trackers' load generator
 * does not share its event loop: the GT06 and JT/T 808 gateways, a position writer and, with
 * BENCH_WEB=1, the API and its websocket (where the batch runs). With BENCH_NATS_URL it joins
 * the others over NATS; with BENCH_SEED=1 it first makes the bench fleet (the first node only,
 * the others share its database). Reports stats to the parent once a second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { createBus } from '../server/bus';
import { loadConfig } from '../server/config';
import { migrate, openDatabase } from '../server/db/client';
import { seedDeviceTypes } from '../server/db/seed/device-types';
import { gt06Codec } from '../server/gateway/gt06';
import { jt808Codec } from '../server/gateway/jt808';
import { startGateway } from '../server/gateway/runtime/server';
import { PositionWriter } from '../server/ingest/position-writer';
import { createSession } from '../server/services/sessions';
import { DEVICE_PROTOCOL } from '../src/domain/codes';
import { batchFigures } from './support/batch-figures';
import { mixedFleetMember } from './terminal-ids';

const devices = Number(process.env.BENCH_DEVICES ?? 10000);
const name = process.env.BENCH_NODE ?? 'a';
const dir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'fg-bench-'));
const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: dir ?? undefined });
await migrate(handle);
const { db } = handle;

if (process.env.BENCH_SEED === '1') {
  // One owner (an agent: it may send free text too) and N trackers, GT06 and 808 alternating,
  // each of a seeded device type so a named command is rendered from that type's set.
  await db.execute(sql`TRUNCATE positions, devices, users, device_types RESTART IDENTITY CASCADE`);
  await db.execute(sql`INSERT INTO users (username, password_hash, role) VALUES ('bench', 'x', 2)`);
  await seedDeviceTypes(db);
  const members = Array.from({ length: devices }, (_, i) => mixedFleetMember(i));
  const gt06 = members.map((m) => m.family === 'gt06');
  await db.execute(sql`
    INSERT INTO devices (terminal_id, user_id, protocol, device_type, state)
    SELECT t, 1, CASE WHEN g THEN ${DEVICE_PROTOCOL.Gt06}::smallint ELSE ${DEVICE_PROTOCOL.eight}::smallint END,
           CASE WHEN g THEN 'GT06N' ELSE 'JT808-A' END, 2
    FROM unnest(${sql.param(members.map((m) => m.terminalId))}::varchar[], ${sql.param(gt06)}::boolean[]) AS v(t, g)`);
}

// The writer of bench:ingest, so the stored/s compare with its figures.
const writer = new PositionWriter(db, { maxBatch: 4000, flushMs: 100, highWater: 100_000, lowWater: 40_000 });
const config = loadConfig();
const bus = await createBus(process.env.BENCH_NATS_URL, `bench-${name}-${process.pid}`);
const gw = await startGateway(
  { db, bus, writer },
  [
    { codec: gt06Codec, port: 0, host: '127.0.0.1' },
    { codec: jt808Codec, port: 0, host: '127.0.0.1' },
  ],
  { idleTimeoutMs: 600_000, commandTimeoutMs: config.gateway.commandTimeoutSeconds * 1000 },
);
// Frame logs are diagnostics; bench:ingest leaves them out too, so the baselines compare.
gw.ctx.frameLog.add = () => {};

let web: { appPort: number; token: string } | null = null;
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
if (process.env.BENCH_WEB === '1') {
  app = await buildApp({ config, handle, bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db, { userId: 1, ip: '127.0.0.1', userAgent: 'bench', ttlSeconds: 7200 });
  web = { appPort: (app.server.address() as AddressInfo).port, token };
}

// A parent that is gone (it failed or was stopped) takes its nodes with it.
process.on('disconnect', () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
process.send!({
  type: 'ready',
  gt06Port: gw.ports.gt06,
  jt808Port: gw.ports.jt808,
  kind: handle.kind,
  ...web,
});
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
setInterval(() => {
  process.send!({
    type: 'stats',
    node: name,
    committed: writer.stats.committed,
    pending: writer.pending,
    connections: gw.ctx.registry.size,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    loopP99Ms: Math.round(loop.percentile(99) / 1e6),
    loopMaxMs: Math.round(loop.max / 1e6),
  });
  loop.reset();
}, 1000).unref();

process.on('message', async (m: { type: string; batchKey?: string }) => {
  if (m.type === 'batch-figures') {
    process.send!({ type: 'batch-figures', figures: await batchFigures(db, m.batchKey!) });
  }
  if (m.type === 'stop') {
    await app?.close();
    await gw.close();
    await writer.close();
    await bus.close();
    await handle.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
