import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '../../tests/support/processes';

/**
 * The server of a browser benchmark: the web app built into its own folder (only when the
 * sources changed, scripts/ensure-build.mjs), and `server/main.ts` as a child process on free
 * ports over a fresh embedded database seeded with the demo plus a bulk fleet.
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

export async function startBenchServer(opts: {
  distDir: string;
  bulkDevices: number;
  bulkUser: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetgate-bench-'));
  const server = await startServerProcess(
    {
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
    },
  };
}
