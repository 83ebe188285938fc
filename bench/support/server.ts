import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../../tests/support/processes';

/**
 * The server of a browser benchmark: the web app built into its own folder (only when the
 * sources changed, scripts/ensure-build.mjs), and `server/main.ts` as a child process on free
 * ports over a fresh embedded database seeded with the demo plus a bulk fleet (or, with
 * `postgres`, a fresh PostgreSQL database seeded the same way by `npm run seed`).
 */
export function ensureBuild(distDir: string) {
  const r = spawnSync('node', ['scripts/ensure-build.mjs'], {
    env: { ...process.env, DIST_DIR: distDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`web app build failed (${distDir})`);
}

export interface BenchServer extends ServerProcess {
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database next to `base`, seeded with the demo and the bulk fleet. */
async function seededPostgres(base: string, bulkDevices: number, bulkUser: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS fg_bench_monitor WITH (FORCE)');
  await admin.query('CREATE DATABASE fg_bench_monitor');
  await admin.end();
  const u = new URL(base);
  u.pathname = '/fg_bench_monitor';
  const url = u.toString();
  const seed = (args: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`seed ${args.join(' ')} failed`);
  };
  seed(['--reset']);
  seed(['--bulk', String(bulkDevices), '--bulk-user', bulkUser]);
  return url;
}

export async function startBenchServer(opts: {
  distDir: string;
  bulkDevices: number;
  bulkUser: string;
  /** PostgreSQL URL to seed a fresh database next to; default the embedded database. */
  postgres?: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetgate-bench-'));
  const databaseUrl = opts.postgres
    ? await seededPostgres(opts.postgres, opts.bulkDevices, opts.bulkUser)
    : undefined;
  const server = await startServerProcess(
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      STATIC_DIR: opts.distDir,
      SIMULATOR: '0',
      SEED_BULK_DEVICES: String(opts.bulkDevices),
      SEED_BULK_USERNAME: opts.bulkUser,
      LOGIN_RATE_PER_IP: '1000',
      // Trackers of the pump report every few seconds: keep them connected.
      DEVICE_IDLE_TIMEOUT: '600',
      ...(opts.env ?? {}),
    },
    180_000,
  );
  return {
    ...server,
    dataDir,
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (opts.postgres) {
        const admin = new pg.Client({ connectionString: opts.postgres });
        await admin.connect();
        await admin.query('DROP DATABASE IF EXISTS fg_bench_monitor WITH (FORCE)').finally(() => admin.end());
      }
    },
  };
}
