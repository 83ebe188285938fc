/**
 * npm run bench:stats -- [--devices 10000] [--days 90] [--seconds 15] [--connections 10] [--keep] [--reuse]
 *
 * countMileage (issue 11) under load: a fresh PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/bench_stats) with an agent whose subtree holds `devices`
 * devices, a daily rollup row for every device and day of the last `days` days (what the
 * rollup job keeps), the owner sums rebuilt, a real server process, and autocannon with
 * `connections` clients asking for the whole range: the page of 100 device-days the screen
 * shows, and the sums per day its chart draws. Target: p99 < 1 s with 10 clients, uncached.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase } from '../server/db/client';
import { rebuildOwnerDays } from '../server/services/track/owner-days';
import { addDays, dayOf } from '../src/domain/track/days';
import { apiPost, startServerProcess } from '../tests/support/processes';
import { dropDatabase, freshDatabase, seedBenchDatabase } from './api-seed';

interface CannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: object) => Promise<CannonResult>;

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    days: { type: 'string', default: '90' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_stats';
const DAYS = Number(values.days);
const TARGET_P99_MS = 1000;

/** One rollup row per device of the bench fleet and day, as the job would have written. */
async function seedRollups(first: string, today: string) {
  const handle = await openDatabase({ url: URL_ });
  try {
    await migrate(handle);
    await handle.db.execute(sql`
      INSERT INTO track_days (device_id, day, mileage_m, moving_s, max_speed, points, counts, first_fix, last_fix)
      SELECT d.id, g::date, 5000 + (d.id * 7919 + extract(doy FROM g)::int * 104729) % 120000,
        1800 + (d.id + extract(doy FROM g)::int) % 9000, 40 + (d.id % 80), 2000, ARRAY[2000, 0, 0],
        g + interval '8 hours', g + interval '18 hours'
      FROM devices d
      JOIN users u ON u.id = d.user_id
      CROSS JOIN generate_series(${first}::date, ${today}::date, interval '1 day') g
      WHERE u.username LIKE 'fleet%'
      ON CONFLICT DO NOTHING`);
    // The job is up to date with every device, as after a day of running: it has nothing to do
    // while the clients ask (a fresh fleet would otherwise be caught up under the load).
    await handle.db.execute(sql`
      INSERT INTO track_rollup_cursors (device_id, fix_time, owner_id, rolled_at)
      SELECT d.id, coalesce(d.fix_time, now()), d.user_id, now() FROM devices d
      ON CONFLICT (device_id) DO UPDATE SET fix_time = excluded.fix_time, owner_id = excluded.owner_id, rolled_at = now()`);
    await rebuildOwnerDays(handle.db, first);
    await handle.db.execute(sql`ANALYZE`);
  } finally {
    await handle.close();
  }
}

async function main() {
  const today = dayOf(Date.now());
  const first = addDays(today, -(DAYS - 1));
  if (!values.reuse) {
    await freshDatabase(URL_);
    console.log(`seeding ${values.devices} devices and ${DAYS} days of rollups…`);
    await seedBenchDatabase(URL_, Number(values.devices), 20);
    await seedRollups(first, today);
  }
  const server = await startServerProcess(
    { DATABASE_URL: URL_, READ_CACHE_MS: '0', LOGIN_RATE_PER_IP: '1000' },
    180_000,
  );
  try {
    const login = await apiPost(server.port, '/api/login', { username: 'fleetagent', password: '123456' });
    const token = (login as { data: { token: string } }).data.token;
    // The rollup job rebuilds the owner sums once on start (5 s after it): not while measuring.
    await new Promise((r) => setTimeout(r, 20_000));
    const cpu = os.cpus();
    console.log(`machine: ${cpu[0]?.model} × ${cpu.length}, load ${os.loadavg()[0].toFixed(1)}`);
    console.log('| countMileage, whole range | p50 | p99 | max | req/s | p99 / 1 s |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    let worst = 0;
    for (const [name, body] of [
      ['page of 100 device-days', { groupBy: 'deviceDay', pageNum: 1, pageSize: 100 }],
      ['sums per day (the chart)', { groupBy: 'day' }],
      ['page of 100 devices', { groupBy: 'device', pageNum: 1, pageSize: 100 }],
    ] as const) {
      const r = await autocannon({
        url: `http://127.0.0.1:${server.port}/api/stat/countMileage`,
        method: 'POST',
        connections: Number(values.connections),
        duration: Number(values.seconds),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...body, startDate: first, endDate: today }),
      });
      if (r.non2xx || r.errors) console.log(`  ${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      worst = Math.max(worst, r.latency.p99);
      console.log(
        `| ${name} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms | ${Math.round(r.requests.average)} | ${(r.latency.p99 / TARGET_P99_MS).toFixed(2)} |`,
      );
    }
    if (worst > TARGET_P99_MS) process.exitCode = 1;
  } finally {
    await server.stop();
    if (!values.keep) await dropDatabase(URL_);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
