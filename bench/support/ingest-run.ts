import { execFileSync, fork } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { gt06Location, gt06Login, type Fix } from '../../server/sim/gt06-frames';
import { SIM_DRIVERS } from '../../server/sim/drivers';
import { benchTerminalId, probeCentre } from '../terminal-ids';
import { percentile } from './stats';

/**
 * One run of the ingest load (bench:ingest, bench:alarms): N simulated GT06 trackers, each
 * sending `rate` positions a second over loopback TCP, into the gateway process of
 * bench/ingest-gateway.ts with its own database. With `web`, that process also serves the API
 * and a websocket client of the fleet's owner receives every event. With `fences`, it holds
 * the fences and allocations of bench/support/alarm-fences.ts, and `probes` trackers cross a
 * fence of their own every 2 s while that client times each alarm from the frame's send to its
 * arrival.
 */
/** The tracker protocols the load can speak (bench:ingest --protocol). */
export const BENCH_PROTOCOLS = ['gt06', 'teltonika', 'h02', 'tk103', 'meitrack'] as const;
export type BenchProtocol = (typeof BENCH_PROTOCOLS)[number];
export const isBenchProtocol = (p: string): p is BenchProtocol =>
  (BENCH_PROTOCOLS as readonly string[]).includes(p);

/**
 * A tracker's first frame (null: none, its reports identify it) and its location frames in
 * `protocol`: the simulator's own frames (server/sim/drivers.ts for the families past GT06).
 */
function benchFrames(protocol: BenchProtocol) {
  if (protocol === 'gt06')
    return {
      login: (imei: string) => gt06Login(imei, 1),
      location: (_imei: string, fix: Fix, serial: number) => gt06Location(fix, serial),
    };
  const driver = SIM_DRIVERS[protocol];
  const status = { acc: true, mileageKm: 0, alarm: false };
  // A family without a login frame identifies with its first report: one from a day ago.
  const first = (): Fix => ({
    time: new Date(Date.now() - 86_400_000),
    lat: 39.9,
    lon: 116.4,
    speed: 0,
    course: 0,
    satellites: 9,
  });
  return {
    login: (imei: string) => driver.login(imei, 1) ?? driver.location(imei, first(), status, 1),
    location: (imei: string, fix: Fix, serial: number) => driver.location(imei, fix, status, serial),
  };
}

export interface IngestRunOptions {
  kind: 'pg' | 'pglite';
  devices: number;
  rate: number;
  seconds: number;
  warmup: number;
  pgUrl: string;
  fences?: number;
  allocations?: number;
  probes?: number;
  /** Serve the API and its websocket from the gateway process too (bench:alarms, both runs). */
  web?: boolean;
  /** Gateway processes sharing the port (bench/ingest-gateway.ts); PostgreSQL only above 1. */
  gateways?: number;
  /** 'inline' keeps the writer's database work on the gateway's thread (the step before the worker). */
  writer?: 'worker' | 'inline';
  /** The trackers' protocol (default GT06); probes and fences stay GT06. */
  protocol?: BenchProtocol;
  /** taskset CPU lists: the load generator's, and the gateway processes' (unset: not pinned). */
  generatorCpus?: string;
  gatewayCpus?: string;
}

export interface IngestResult {
  db: string;
  devices: number;
  offered: number;
  stored: number;
  p50: number;
  p99: number;
  maxRssMb: number;
  direct: number;
  gateways: number;
  /** The cores each side was allowed, as taskset reports them. */
  cpus: { generator: string; gateways: string };
  /** 1-minute load average at the end of the measured window. */
  load: number;
  /** With fences: when the index was ready, and the frame-to-websocket delays of the probes' alarms. */
  indexLoadMs?: number;
  alarms?: { sent: number; received: number; p50: number; p95: number; max: number };
}

export async function freshPgDatabase(base: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS fg_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE fg_bench');
  await admin.end();
  const u = new URL(base);
  u.pathname = '/fg_bench';
  return u.toString();
}

/** 550 m north of a probe's fence centre: outside it. */
const PROBE_OUT_DEG = 0.005;
const PROBE_TOGGLE_MS = 2000;

export async function runIngest(o: IngestRunOptions): Promise<IngestResult> {
  const n = o.devices;
  const probes = o.fences ? (o.probes ?? 20) : 0;
  const frames = benchFrames(o.protocol ?? 'gt06');
  if (probes && o.protocol && o.protocol !== 'gt06') throw new Error('fence probes send GT06 frames');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_DEVICES: String(n),
    BENCH_FENCES: String(o.fences ?? 0),
    BENCH_ALLOCATIONS: String(o.allocations ?? 0),
    BENCH_PROBES: String(probes),
    BENCH_WEB: o.web ? '1' : '0',
    // The daily track rollup (it runs with the API) is not part of the ingest path measured.
    TRACK_ROLLUP_INTERVAL_MS: '0',
    BENCH_GATEWAYS: String(o.gateways ?? 1),
    BENCH_WRITER: o.writer ?? 'worker',
    BENCH_PROTOCOL: o.protocol ?? 'gt06',
    // Once the generator pins itself, a later run's gateway would inherit its core: say all.
    BENCH_GATEWAY_CPUS: o.gatewayCpus ?? (o.generatorCpus ? `0-${os.cpus().length - 1}` : ''),
  };
  if (o.kind === 'pg') env.DATABASE_URL = await freshPgDatabase(o.pgUrl);
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
  let last = { committed: 0, rssMb: 0, connections: 0, pending: 0, rssEachMb: [] as number[] };
  child.on('message', (m: { type: string }) => m.type === 'stats' && (last = m as unknown as typeof last));
  const ready = await waitFor<{
    port: number;
    appPort?: number;
    token?: string;
    indexLoadMs?: number;
    affinity: string;
  }>('ready');
  // The generator pins itself once the gateway has forked, so the gateway does not inherit it.
  if (o.generatorCpus) execFileSync('taskset', ['-a', '-p', '-c', o.generatorCpus, String(process.pid)]);
  const cpus = {
    generator: execFileSync('taskset', ['-c', '-p', String(process.pid)])
      .toString()
      .trim()
      .replace(/.*: /, ''),
    gateways: ready.affinity,
  };
  console.error(`cores: load generator ${cpus.generator}; gateway processes ${cpus.gateways}`);

  // The owner's browser, in both runs of bench:alarms (it is sent every position of the fleet):
  // a websocket client timing each probe alarm.
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  let socket: WebSocket | null = null;
  if (ready.appPort) {
    socket = new WebSocket(
      `ws://127.0.0.1:${ready.appPort}/api/ws?token=${encodeURIComponent(ready.token!)}`,
    );
    socket.on('message', (raw) => {
      const now = Date.now();
      const msg = JSON.parse(String(raw)) as {
        events?: { type: string; terminalId?: string; time?: string }[];
      };
      for (const e of msg.events ?? []) {
        if (e.type !== 'alarm' || !e.time) continue;
        const at = sentAt.get(`${e.terminalId}|${Date.parse(e.time) / 1000}`);
        if (at !== undefined) delays.push(now - at);
      }
    });
    await new Promise((r) => socket!.once('open', r));
  }

  // Connect and log in gradually, as a real fleet reconnecting after a restart would.
  const sockets: net.Socket[] = [];
  let stopping = false;
  let reconnects = 0;
  // A tracker whose connection fails reconnects and logs in again, as real ones do.
  const open = (i: number) => {
    const s = net.connect(ready.port, '127.0.0.1');
    s.on('error', () => {});
    s.on('data', () => {});
    s.on('close', () => {
      if (stopping) return;
      reconnects++;
      setTimeout(() => open(i), 1000);
    });
    s.write(frames.login(benchTerminalId(i)));
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

  // Each tick sends the share of frames due in it, spread over the fleet (the probes apart).
  const tickMs = 50;
  const perTick = (n * o.rate * tickMs) / 1000;
  let cursor = 0;
  let sent = 0;
  let serial = 1;
  const t0 = Date.now();
  // GT06 times have whole seconds and one fix per device per second is stored (a resend of the
  // same fix is dropped), so each tracker's clock moves one second per frame, starting far
  // enough back to stay behind the present for the whole run, as a tracker sending its backlog.
  const fixClock = new Float64Array(n).fill(
    Math.floor(t0 / 1000) - Math.ceil(o.rate * (o.warmup + o.seconds + 10)),
  );
  const usable = (s: net.Socket) => !s.connecting && !s.destroyed;
  const timer = setInterval(() => {
    const now = Date.now();
    for (let k = 0; k < perTick; k++) {
      const i = cursor++ % n;
      if (i < probes || !usable(sockets[i])) continue;
      const lat = 39.9 + (i % 100) * 0.001 + (now - t0) / 1e7;
      sockets[i].write(
        frames.location(
          benchTerminalId(i),
          {
            time: new Date(++fixClock[i]! * 1000),
            lat,
            lon: 116.4 + (i % 77) * 0.001,
            speed: 40 + (i % 50),
            course: i % 360,
            satellites: 9,
          },
          (serial = (serial + 1) & 0xffff),
        ),
      );
      sent++;
    }
  }, tickMs);
  // Probes: each crosses its fence every PROBE_TOGGLE_MS, the probes spread over that time.
  let probeTurn = 0;
  let measuring = false;
  let probesSent = 0;
  const probeTimer = probes
    ? setInterval(() => {
        const i = probeTurn % probes;
        const inside = Math.floor(probeTurn / probes) % 2 === 0;
        probeTurn++;
        if (!usable(sockets[i])) return;
        const now = Date.now();
        const c = probeCentre(i);
        const time = new Date(Math.floor(now / 1000) * 1000);
        sockets[i].write(
          gt06Location(
            { time, lat: inside ? c.lat : c.lat + PROBE_OUT_DEG, lon: c.lon, speed: 30, course: 0 },
            (serial = (serial + 1) & 0xffff),
          ),
        );
        if (measuring) {
          sentAt.set(`${benchTerminalId(i)}|${time.getTime() / 1000}`, now);
          probesSent++;
        }
      }, PROBE_TOGGLE_MS / probes)
    : null;

  await new Promise((r) => setTimeout(r, o.warmup * 1000));
  child.send({ type: 'latency-reset' });
  measuring = true;
  const start = { at: Date.now(), committed: last.committed, sent };
  let maxRss = 0;
  const rssTimer = setInterval(() => (maxRss = Math.max(maxRss, last.rssMb)), 1000);
  const progress = setInterval(() => console.error(JSON.stringify(last)), 5000);
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  measuring = false;
  const load = os.loadavg()[0];
  const elapsed = (Date.now() - start.at) / 1000;
  const stored = Math.round((last.committed - start.committed) / elapsed);
  const offered = Math.round((sent - start.sent) / elapsed);
  child.send({ type: 'latency' });
  const lat = await waitFor<{ p50: number; p99: number }>('latency');
  clearInterval(timer);
  if (probeTimer) clearInterval(probeTimer);
  clearInterval(rssTimer);
  clearInterval(progress);
  // The last probe alarms still on their way.
  if (socket) await new Promise((r) => setTimeout(r, 3000));
  socket?.close();
  stopping = true;
  for (const s of sockets) s.destroy();

  child.send({ type: 'direct', seconds: 20 });
  const direct = await waitFor<{ perSecond: number }>('direct');
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
  return {
    db: o.kind,
    devices: n,
    offered,
    stored,
    p50: lat.p50,
    p99: lat.p99,
    maxRssMb: maxRss,
    direct: direct.perSecond,
    gateways: o.gateways ?? 1,
    cpus,
    load,
    ...(probes && {
      indexLoadMs: ready.indexLoadMs,
      alarms: {
        sent: probesSent,
        received: delays.length,
        p50: percentile(delays, 50),
        p95: percentile(delays, 95),
        max: Math.max(0, ...delays),
      },
    }),
  };
}
