/**
 * The gateway side of `npm run bench:ingest`, in processes of its own so the load generator does
 * not share their event loops. This primary prepares the database, then runs BENCH_GATEWAYS
 * gateway processes on one shared port through server/gateway/cluster.ts (the same way
 * server/gateway-main.ts does), each bench/ingest-gateway-worker.ts. It relays their stats to
 * the parent as one gateway: sums, the largest RSS, merged latencies, the summed direct limit.
 */
import { familyOf } from '../server/gateway/families';
import type { ProtocolName } from '../server/gateway/codec';
import { execFileSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase } from '../server/db/client';
import { startGatewayCluster } from '../server/gateway/cluster';
import { insertBenchFences } from './support/alarm-fences';
import { LatencyHistogram } from './support/latency-histogram';
import { benchTerminalId } from './terminal-ids';

const devices = Number(process.env.BENCH_DEVICES ?? 10000);
const processes = Number(process.env.BENCH_GATEWAYS ?? 1);
// Pinned before anything forks: the gateway processes and their threads inherit it.
if (process.env.BENCH_GATEWAY_CPUS)
  execFileSync('taskset', ['-a', '-p', '-c', process.env.BENCH_GATEWAY_CPUS, String(process.pid)]);
const dir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'fg-bench-'));
if (!process.env.DATABASE_URL && processes > 1)
  throw new Error('PGlite belongs to one process: --gateways 1');

{
  const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: dir ?? undefined });
  await migrate(handle);
  const { db } = handle;
  // A bare fleet: one owner, `devices` trackers (GT06 or BENCH_PROTOCOL) with ids 1..N.
  await db.execute(sql`TRUNCATE positions, devices, users RESTART IDENTITY CASCADE`);
  await db.execute(sql`INSERT INTO users (username, password_hash, role) VALUES ('bench', 'x', 2)`);
  const ids = Array.from({ length: devices }, (_, i) => benchTerminalId(i));
  await db.execute(sql`
    INSERT INTO devices (terminal_id, user_id, protocol, state)
    SELECT t, 1, ${familyOf((process.env.BENCH_PROTOCOL ?? 'gt06') as ProtocolName).deviceProtocol}, 2
    FROM unnest(${sql.param(ids)}::varchar[]) AS t`);
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
  // PGlite's files are the gateway process's from here on.
  await handle.close();
}

const gateways = startGatewayCluster(
  { processes, restartDelayMs: 1000, stopTimeoutMs: 60_000 },
  { exec: 'bench/ingest-gateway-worker.ts', env: { BENCH_DATA_DIR: dir ?? '' }, log: console.error },
);
type Msg = { type: string } & Record<string, unknown>;
const stats = new Map<number, Msg>();
const replies = new Map<string, Msg[]>();
const ask = (type: string, extra: object = {}) => {
  replies.set(type, []);
  for (const w of gateways.workers()) w.send({ type, ...extra });
  return new Promise<Msg[]>((resolve) => {
    const check = setInterval(() => {
      if (replies.get(type)!.length < processes) return;
      clearInterval(check);
      resolve(replies.get(type)!);
    }, 20);
  });
};
cluster.on('message', (w: Worker, m: Msg) => {
  if (m.type === 'stats') stats.set(w.id, m);
  else replies.get(m.type)?.push(m);
});
replies.set('ready', []);
const ready = await new Promise<Msg[]>((resolve) => {
  const check = setInterval(
    () => replies.get('ready')!.length >= processes && resolve(replies.get('ready')!),
    50,
  );
  check.unref();
}).then((r) => r);
// Tell the parent which cores each gateway process may use.
const affinity = gateways
  .workers()
  .map((w) =>
    execFileSync('taskset', ['-c', '-p', String(w.process.pid)])
      .toString()
      .trim()
      .replace(/.*: /, ''),
  )
  .join(' / ');
process.send!({ ...ready[0], type: 'ready', affinity });

setInterval(() => {
  const all = [...stats.values()] as unknown as Record<string, number>[];
  const sum = (k: string) => all.reduce((a, s) => a + s[k], 0);
  process.send!({
    type: 'stats',
    committed: sum('committed'),
    pending: sum('pending'),
    connections: sum('connections'),
    rssMb: Math.max(0, ...all.map((s) => s.rssMb)),
    rssEachMb: all.map((s) => s.rssMb),
    loopP99Ms: Math.max(0, ...all.map((s) => s.loopP99Ms)),
    pressure: all.some((s) => s.pressure),
    alarms: sum('alarms'),
    sidesStored: sum('sidesStored'),
  });
}, 1000).unref();

process.on('message', async (m: { type: string; seconds?: number }) => {
  if (m.type === 'latency-reset') for (const w of gateways.workers()) w.send(m);
  if (m.type === 'latency') {
    const hist = new LatencyHistogram();
    for (const r of await ask('latency')) hist.merge(r.hist as [number, number][]);
    process.send!({
      type: 'latency',
      p50: hist.percentile(0.5),
      p99: hist.percentile(0.99),
      samples: hist.total,
    });
  }
  if (m.type === 'direct') {
    // Every gateway process pushes rows through its own writer at once: the database's limit.
    const parts = (await ask('direct', { seconds: m.seconds })) as unknown as { rows: number; ms: number }[];
    const rows = parts.reduce((a, p) => a + p.rows, 0);
    const ms = Math.max(...parts.map((p) => p.ms));
    process.send!({ type: 'direct', rows, perSecond: Math.round(rows / (ms / 1000)) });
  }
  if (m.type === 'stop') {
    await gateways.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
