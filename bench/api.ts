/**
 * npm run bench:api -- [--devices 100000] [--accounts 50] [--seconds 15] [--connections 50] [--keep]
 *   [--reuse] [--only <scenario name part>]
 *
 * The device-management API under load (issue 5): a fresh PostgreSQL database (DATABASE_URL,
 * default postgres://root@127.0.0.1:5432/bench_api; created and dropped here) with an agent
 * whose subtree holds `devices` devices over `accounts` sub-accounts, a real server process,
 * and autocannon with 50 connections against
 *   (a) a 15-row page of the device list with filters (online + expiring within 60 days;
 *       a keyword; a deep page),
 *   (b) the agent tree (findAllUserV2),
 *   (c) the per-account device counts (agentDeviceCount).
 * Prints p50/p97.5/p99/max latency and requests/s per scenario, and the targets.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiPost, startServerProcess } from '../tests/support/processes';
import { dropDatabase, fleetAgentId, freshDatabase, seedBenchDatabase } from './api-seed';

interface Latency {
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  average: number;
}
interface CannonResult {
  latency: Latency;
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    /** Reuse the database a previous --keep run left (no seeding). */
    reuse: { type: 'boolean', default: false },
    /**
     * Scheduling priority (nice, e.g. --nice=-10) for this process, the server and its PostgreSQL
     * backends: on a machine shared with other work, measures the service instead of the queue
     * for the CPU. The report says which priority was used.
     */
    nice: { type: 'string' },
    /** Run only the scenarios whose name contains this text. */
    only: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_api';

interface Scenario {
  name: string;
  path: string;
  body: object;
  targetP99?: number;
}

async function main() {
  const devices = Number(values.devices);
  console.error(`seeding ${devices} devices over ${values.accounts} accounts into ${url} ...`);
  const t0 = Date.now();
  let fleetUserId: number;
  if (values.reuse) {
    fleetUserId = await fleetAgentId(url);
  } else {
    await freshDatabase(url);
    fleetUserId = (await seedBenchDatabase(url, devices, Number(values.accounts))).userId;
    console.error(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }

  console.error(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  const server = await startServerProcess({
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_PER_IP: '1000',
  });
  try {
    const login = await apiPost(server.port, '/api/login', { username: 'agent', password: '123456' });
    const token = login.data.token as string;
    const agentId = login.data.user.id as number;
    const scenarios: Scenario[] = [
      {
        name: 'deviceListV2: online, expiring within 60 days, 15 rows',
        path: '/api/device/deviceListV2',
        body: { pageNum: 1, pageSize: 15, menuType: 1, expiry: 60 },
        targetP99: 100,
      },
      {
        name: 'deviceListV2: keyword (name prefix), 15 rows',
        path: '/api/device/deviceListV2',
        body: { pageNum: 1, pageSize: 15, keyword: '送货车' },
        targetP99: 100,
      },
      {
        name: 'deviceListV2: IMEI prefix keyword, 15 rows',
        path: '/api/device/deviceListV2',
        body: { pageNum: 1, pageSize: 15, keyword: '869000000123' },
        targetP99: 100,
      },
      {
        name: 'deviceListV2: offline, page 50, 15 rows',
        path: '/api/device/deviceListV2',
        body: { pageNum: 50, pageSize: 15, menuType: 2 },
        targetP99: 100,
      },
      {
        name: 'agent tree: findAllUserV2',
        path: '/api/user/findAllUserV2',
        body: { id: agentId },
        targetP99: 300,
      },
      { name: 'agentDeviceCount', path: '/api/user/agentDeviceCount', body: { userId: fleetUserId } },
    ];
    const results: Run[] = [];
    for (const s of scenarios.filter((x) => !values.only || x.name.includes(values.only!))) {
      const probe = await apiPost(server.port, s.path, s.body, token);
      if (!probe.meta?.success) throw new Error(`${s.path} failed: ${JSON.stringify(probe.meta)}`);
      const sample = Array.isArray(probe.data)
        ? `${probe.data.length} rows`
        : 'total' in probe.data
          ? `total ${probe.data.total}, ${probe.data.list.length} rows`
          : `${probe.data.list?.length ?? '?'} rows`;
      // A short warm-up so the first connections' set-up does not count.
      await autocannon({ url: `http://127.0.0.1:${server.port}${s.path}`, ...req(s, token), duration: 2 });
      // CPU per request of the server and its database backends: unlike latency, it does not
      // depend on how busy the rest of the machine is.
      if (values.nice) await raisePriority(Number(values.nice), server.child.pid!, url);
      const pids = await backendPids(url);
      const cpu0 = { node: cpuSeconds(server.child.pid!), db: pids.reduce((a, p) => a + cpuSeconds(p), 0) };
      const r = await autocannon({
        url: `http://127.0.0.1:${server.port}${s.path}`,
        ...req(s, token),
        duration: Number(values.seconds),
      });
      const n = r.requests.total || 1;
      const cpu = {
        node: ((cpuSeconds(server.child.pid!) - cpu0.node) * 1000) / n,
        db: ((pids.reduce((a, p) => a + cpuSeconds(p), 0) - cpu0.db) * 1000) / n,
      };
      results.push({ s, r, sample, cpu });
      console.error(
        `${s.name}: p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s (${sample})`,
      );
    }
    report(results, devices);
  } finally {
    await server.stop();
    if (!values.keep) await dropDatabase(url);
  }
}

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0; // the process has gone
  }
}

/** PostgreSQL backends serving the bench database. */
async function backendPids(dbUrl: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [new URL(dbUrl).pathname.slice(1)],
    );
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/** Renices the bench, the server and the server's PostgreSQL backends (needs root for < 0). */
async function raisePriority(nice: number, serverPid: number, dbUrl: string) {
  const pids = await backendPids(dbUrl);
  for (const pid of [process.pid, serverPid, ...pids]) os.setPriority(pid, nice);
  console.error(`nice ${nice}: bench, server and ${pids.length} PostgreSQL backends`);
}

function req(s: Scenario, token: string) {
  return {
    method: 'POST',
    connections: Number(values.connections),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(s.body),
  };
}

interface Run {
  s: Scenario;
  r: CannonResult;
  sample: string;
  /** CPU ms per request: the server process, and the PostgreSQL backends of the bench database. */
  cpu: { node: number; db: number };
}

function report(results: Run[], devices: number) {
  const cpu = os.cpus()[0]?.model ?? '?';
  // The machine may be shared: the load average says how much CPU the run really had.
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    `\nnode ${process.version}, ${os.cpus().length} CPUs (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  );
  console.log(
    `${devices} devices in the subtree, ${values.connections} connections, ${values.seconds} s per scenario\n`,
  );
  console.log(
    '| scenario | result | p50 ms | p97.5 ms | p99 ms | max ms | req/s | errors | target p99 | CPU ms/req server | CPU ms/req PostgreSQL |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { s, r, sample, cpu } of results) {
    const bad = r.non2xx + r.errors + r.timeouts;
    const target = s.targetP99
      ? `< ${s.targetP99} ms ${r.latency.p99 < s.targetP99 ? 'met' : 'MISSED'}`
      : '-';
    console.log(
      `| ${s.name} | ${sample} | ${r.latency.p50} | ${r.latency.p97_5} | ${r.latency.p99} | ${r.latency.max} | ${Math.round(r.requests.average)} | ${bad} | ${target} | ${cpu.node.toFixed(2)} | ${cpu.db.toFixed(2)} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
