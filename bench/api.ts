/**
 * npm run bench:api -- [--devices 100000] [--accounts 50] [--seconds 15] [--connections 50]
 *   [--fresh] [--drop] [--seed-only] [--nice N] [--only <scenario name part>]
 *
 * The device-management API under load (issues 5 and 17): a PostgreSQL database (DATABASE_URL's
 * name suffixed with the size, default postgres://root@127.0.0.1:5432/bench_api_100000_50;
 * seeded once and kept for the next run) with an agent whose subtree holds `devices` devices
 * over `accounts` sub-accounts, a real server process, and 50 clients (bench/api-load.ts)
 * against the scenarios of bench/api-scenarios.ts: device list pages at every depth, by number
 * and by cursor, under filters; the agent tree; the per-account device counts.
 * Prints p50/p95/p99/max latency, requests/s and CPU per request per scenario, and the targets.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiPost, startServerProcess } from '../tests/support/processes';
import { runLoad, type LoadResult, type Scenario } from './api-load';
import { apiScenarios } from './api-scenarios';
import {
  dropDatabase,
  fleetAgentId,
  freshDatabase,
  isSeeded,
  migrateBenchDatabase,
  seedBenchDatabase,
  sizedUrl,
} from './api-seed';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    /** Seed again even when a finished seed of this size exists. */
    fresh: { type: 'boolean', default: false },
    /** Drop the database at the end (it is kept by default: seeding 1,000,000 devices takes minutes). */
    drop: { type: 'boolean', default: false },
    /** Seed (or check the seed) and stop. */
    'seed-only': { type: 'boolean', default: false },
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
const baseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_api';

async function main() {
  const devices = Number(values.devices);
  const url = sizedUrl(baseUrl, devices, Number(values.accounts));
  const t0 = Date.now();
  if (values.fresh || !(await isSeeded(url))) {
    console.error(`seeding ${devices} devices over ${values.accounts} accounts into ${url} ...`);
    await freshDatabase(url);
    await seedBenchDatabase(url, devices, Number(values.accounts));
    console.error(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } else {
    console.error(`reusing the seeded ${url} (--fresh seeds again)`);
    await migrateBenchDatabase(url);
  }
  const fleetUserId = await fleetAgentId(url);
  if (values['seed-only']) return;

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
    // The daily expiry reminders run shortly after start: over a million devices their first
    // run would land in the first scenario's figures, and it is not what a list request costs.
    EXPIRY_REMINDER_INTERVAL_MS: '0',
  });
  try {
    const login = await apiPost(server.port, '/api/login', { username: 'agent', password: '123456' });
    const token = login.data.token as string;
    const agentId = login.data.user.id as number;
    const size = 15;
    const totalOf = async (filter: object) => {
      const r = await apiPost(server.port, '/api/device/deviceListV2', { pageSize: size, ...filter }, token);
      return Number(r.data.total);
    };
    const scenarios = apiScenarios({
      agentId,
      fleetUserId,
      pages: Math.ceil((await totalOf({})) / size),
      offlinePages: Math.ceil((await totalOf({ menuType: 2 })) / size),
    });
    const base = `http://127.0.0.1:${server.port}`;
    const connections = Number(values.connections);
    const results: Run[] = [];
    // The server's code is compiled while it runs: 5 s of list requests first, so the first
    // scenario does not pay for it alone.
    await runLoad(base, token, scenarios[0]!, connections, 5);
    for (const s of scenarios.filter((x) => !values.only || x.name.includes(values.only!))) {
      const probe = await apiPost(server.port, s.path, s.body({ state: {}, rng: () => 0.5 }), token);
      if (!probe.meta?.success) throw new Error(`${s.path} failed: ${JSON.stringify(probe.meta)}`);
      const sample = Array.isArray(probe.data)
        ? `${probe.data.length} rows`
        : 'total' in probe.data
          ? `total ${probe.data.total}, ${probe.data.list.length} rows`
          : `${probe.data.list?.length ?? '?'} rows`;
      // A short warm-up so the first connections' set-up (and cold caches) do not count.
      await runLoad(base, token, s, connections, 2);
      // CPU per request of the server and its database backends: unlike latency, it does not
      // depend on how busy the rest of the machine is.
      if (values.nice) await raisePriority(Number(values.nice), server.child.pid!, url);
      const pids = await backendPids(url);
      const cpu0 = {
        node: cpuSeconds(server.child.pid!),
        db: pids.reduce((a, p) => a + cpuSeconds(p), 0),
        clients: cpuSeconds(process.pid),
      };
      const r = await runLoad(base, token, s, connections, Number(values.seconds));
      const n = r.requests || 1;
      const cpu = {
        node: ((cpuSeconds(server.child.pid!) - cpu0.node) * 1000) / n,
        db: ((pids.reduce((a, p) => a + cpuSeconds(p), 0) - cpu0.db) * 1000) / n,
        clients: ((cpuSeconds(process.pid) - cpu0.clients) * 1000) / n,
      };
      results.push({ s, r, sample, cpu });
      console.error(`${s.name}: p99 ${r.p99} ms, ${Math.round(r.requests / r.seconds)} req/s (${sample})`);
    }
    report(results, devices);
  } finally {
    await server.stop();
    if (values.drop) await dropDatabase(url);
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

interface Run {
  s: Scenario;
  r: LoadResult;
  sample: string;
  /**
   * CPU ms per request: the server process, the PostgreSQL backends of the bench database, and
   * this process (the 50 clients), which shares the machine with them.
   */
  cpu: { node: number; db: number; clients: number };
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
    '| scenario | result | p50 ms | p95 ms | p99 ms | max ms | req/s | errors | target p99 | p99 ÷ target | CPU ms/req server | CPU ms/req PostgreSQL | CPU ms/req clients |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { s, r, sample, cpu } of results) {
    const target = s.targetP99 ? `< ${s.targetP99} ms` : '-';
    const ratio = s.targetP99
      ? `${(r.p99 / s.targetP99).toFixed(2)} ${r.p99 < s.targetP99 ? 'met' : '**missed**'}`
      : '-';
    console.log(
      `| ${s.name} | ${sample} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${Math.round(r.requests / r.seconds)} | ${r.errors} | ${target} | ${ratio} | ${cpu.node.toFixed(2)} | ${cpu.db.toFixed(2)} | ${cpu.clients.toFixed(2)} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
