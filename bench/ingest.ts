/**
 * npm run bench:ingest -- [--devices 10000] [--rate 2] [--seconds 60] [--db pg|pglite|both]
 *
 * N simulated GT06 trackers, each sending `rate` positions a second over loopback TCP, into a
 * gateway process with its own database. Reports sustained stored positions/s, p50/p99
 * frame-to-committed latency and gateway memory; then the direct-insert limit (the same rows
 * through the same writer without sockets) and the ratio.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { gt06Location, gt06Login } from '../server/sim/gt06-frames';
import { benchTerminalId } from './terminal-ids';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
  },
});
const devices = Number(values.devices);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);

interface Result {
  db: string;
  devices: number;
  offered: number;
  stored: number;
  p50: number;
  p99: number;
  maxRssMb: number;
  direct: number;
}

async function freshPgDatabase(base: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS fg_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE fg_bench');
  await admin.end();
  const u = new URL(base);
  u.pathname = '/fg_bench';
  return u.toString();
}

async function run(kind: 'pg' | 'pglite', n: number): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_DEVICES: String(n) };
  if (kind === 'pg') env.DATABASE_URL = await freshPgDatabase(values['pg-url']!);
  else delete env.DATABASE_URL;
  const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/gwprof'] : [];
  const child = fork('bench/ingest-gateway.ts', { execArgv: ['--import', 'tsx', ...prof], env });
  const waitFor = <T>(type: string) =>
    new Promise<T>((r) =>
      child.on('message', function h(m: { type: string }) {
        if (m.type === type) {
          child.off('message', h);
          r(m as T);
        }
      }),
    );
  let last = { committed: 0, rssMb: 0, connections: 0, pending: 0 };
  child.on('message', (m: { type: string }) => m.type === 'stats' && (last = m as unknown as typeof last));
  const { port } = await waitFor<{ port: number }>('ready');

  // Connect and log in gradually, as a real fleet reconnecting after a restart would.
  const sockets: net.Socket[] = [];
  let stopping = false;
  let reconnects = 0;
  // A tracker whose connection fails reconnects and logs in again, as real ones do.
  const open = (i: number) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('error', () => {});
    s.on('data', () => {});
    s.on('close', () => {
      if (stopping) return;
      reconnects++;
      setTimeout(() => open(i), 1000);
    });
    s.write(gt06Login(benchTerminalId(i), 1));
    sockets[i] = s;
  };
  for (let i = 0; i < n; i++) {
    open(i);
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 50));
  }
  while (last.connections < n) {
    await new Promise((r) => setTimeout(r, 1000));
    console.error(`connected ${last.connections}/${n} (reconnects ${reconnects})`);
  }

  // Each tick sends the share of frames due in it, spread over the fleet.
  const tickMs = 50;
  const perTick = (n * rate * tickMs) / 1000;
  let cursor = 0;
  let sent = 0;
  let serial = 1;
  const t0 = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    for (let k = 0; k < perTick; k++) {
      const i = cursor++ % n;
      const lat = 39.9 + (i % 100) * 0.001 + (now - t0) / 1e7;
      if (sockets[i].connecting || sockets[i].destroyed) continue;
      sockets[i].write(
        gt06Location(
          { time: new Date(now), lat, lon: 116.4 + (i % 77) * 0.001, speed: 40 + (i % 50), course: i % 360 },
          (serial = (serial + 1) & 0xffff),
        ),
      );
      sent++;
    }
  }, tickMs);

  await new Promise((r) => setTimeout(r, warmup * 1000));
  child.send({ type: 'latency-reset' });
  const start = { at: Date.now(), committed: last.committed, sent };
  let maxRss = 0;
  const rssTimer = setInterval(() => (maxRss = Math.max(maxRss, last.rssMb)), 1000);
  const progress = setInterval(() => console.error(JSON.stringify(last)), 5000);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = (Date.now() - start.at) / 1000;
  const stored = Math.round((last.committed - start.committed) / elapsed);
  const offered = Math.round((sent - start.sent) / elapsed);
  child.send({ type: 'latency' });
  const lat = await waitFor<{ p50: number; p99: number }>('latency');
  clearInterval(timer);
  clearInterval(rssTimer);
  clearInterval(progress);
  stopping = true;
  for (const s of sockets) s.destroy();

  child.send({ type: 'direct', seconds: 20 });
  const direct = await waitFor<{ perSecond: number }>('direct');
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
  return {
    db: kind,
    devices: n,
    offered,
    stored,
    p50: lat.p50,
    p99: lat.p99,
    maxRssMb: maxRss,
    direct: direct.perSecond,
  };
}

const kinds: ('pg' | 'pglite')[] = values.db === 'both' ? ['pg', 'pglite'] : [values.db as 'pg' | 'pglite'];
const results: Result[] = [];
for (const k of kinds) {
  console.error(`running ${k}: ${devices} devices × ${rate}/s for ${seconds} s (+${warmup} s warm-up)…`);
  results.push(await run(k, devices));
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  '| database | devices | offered/s | stored/s | p50 ms | p99 ms | gateway RSS MB | direct insert/s | stored ÷ direct |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.devices} | ${r.offered} | ${r.stored} | ${r.p50} | ${r.p99} | ${r.maxRssMb} | ${r.direct} | ${(r.stored / r.direct).toFixed(2)} |`,
  );
}
