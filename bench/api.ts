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
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
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
    /** Run only the scenarios whose name prefix this text. */
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
    const results: { s: Scenario; r: CannonResult; sample: string }[] = [];
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
      const r = await autocannon({
        url: `http://127.0.0.1:${server.port}${s.path}`,
        ...req(s, token),
        duration: Number(values.seconds),
      });
      results.push({ s, r, sample });
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

function req(s: Scenario, token: string) {
  return {
    method: 'POST',
    connections: Number(values.connections),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(s.body),
  };
}

function report(results: { s: Scenario; r: CannonResult; sample: string }[], devices: number) {
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
  console.log('| scenario | result | p50 ms | p97.5 ms | p99 ms | max ms | req/s | errors | target p99 |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { s, r, sample } of results) {
    const bad = r.non2xx + r.errors + r.timeouts;
    const target = s.targetP99
      ? `< ${s.targetP99} ms ${r.latency.p99 < s.targetP99 ? 'met' : 'MISSED'}`
      : '-';
    console.log(
      `| ${s.name} | ${sample} | ${r.latency.p50} | ${r.latency.p97_5} | ${r.latency.p99} | ${r.latency.max} | ${Math.round(r.requests.average)} | ${bad} | ${target} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
