/**
 * One gateway process of `npm run bench:ingest` (bench/ingest-gateway.ts forks one or more
 * through server/gateway/cluster.ts, as server/gateway-main.ts does): the real GT06 gateway and
 * position writer on the shared port, with stats for the benchmark. It reports to its primary
 * once a second and, on request, its latency histogram and its share of the direct-insert limit.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { createMemoryBus } from '../server/bus/memory';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { familyOf } from '../server/gateway/families';
import type { ProtocolName } from '../server/gateway/codec';
import { startGateway } from '../server/gateway/runtime/server';
import { openPositionWriter } from '../server/ingest/open-writer';
import type { PositionRecord } from '../server/ingest/position-writer';
import { createSession } from '../server/services/sessions';
import { LatencyHistogram } from './support/latency-histogram';

const devices = Number(process.env.BENCH_DEVICES ?? 10000);
const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.BENCH_DATA_DIR });
const { db } = handle;
// BENCH_WRITER=inline keeps the database work on the gateway's thread (the step before the worker).
const url = process.env.BENCH_WRITER === 'inline' ? undefined : process.env.DATABASE_URL;
const writer = openPositionWriter(
  { db, url },
  { maxBatch: Number(process.env.BENCH_BATCH ?? 4000), flushMs: 100, highWater: 100_000, lowWater: 40_000 },
);
// Retried by the writer; the gateway logs them while it runs, this keeps the direct phase
// (after the gateway closed) from dying on one.
writer.on('error', () => {});
const latency = new LatencyHistogram();
writer.on('committed', (batch: PositionRecord[]) => {
  const now = Date.now();
  for (const r of batch) latency.add(now - r.serverTime.getTime());
});
const bus = createMemoryBus();
const protocol = (process.env.BENCH_PROTOCOL ?? 'gt06') as ProtocolName;
const gw = await startGateway({ db, bus, writer }, [{ codec: familyOf(protocol).codec, port: 0, host: '127.0.0.1' }], {
  idleTimeoutMs: 600_000,
});
// Frame logs are diagnostics; the benchmark measures the position path like Traccar's figure.
gw.ctx.frameLog.add = () => {};

let indexLoadMs: number | undefined;
if (Number(process.env.BENCH_FENCES ?? 0)) {
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

process.send!({ type: 'ready', port: gw.ports[protocol], kind: handle.kind, indexLoadMs, ...web });
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

/** The limit: the same rows through the same writer, with no sockets or decoding. */
async function direct(seconds: number) {
  await gw.close();
  const start = Date.now();
  const until = start + seconds * 1000;
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
  return { rows: writer.stats.committed - base, ms: Date.now() - start };
}

const stop = async () => {
  await writer.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('message', async (m: { type: string; seconds?: number }) => {
  if (m.type === 'latency-reset') latency.reset();
  if (m.type === 'latency') process.send!({ type: 'latency', hist: latency.toSparse() });
  if (m.type === 'direct') process.send!({ type: 'direct', ...(await direct(m.seconds ?? 20)) });
});
