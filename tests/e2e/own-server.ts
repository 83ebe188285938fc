import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anyFreeTrackerPorts } from '../../server/gateway/port-settings';
import { freePort } from '../support/processes';

// A FleetGate server of a test file's own, for settings the suite's server does not have
// (tile servers, PMTILES_FILE, a fresh mapKey setting). Moved out of streets.spec.ts.

const DIST_DIR = process.env.DIST_DIR ?? 'dist';

/** A FleetGate server of its own (fresh database, seeded) on a free port, with extra environment. */
export async function startServer(env: Record<string, string>): Promise<{ url: string; stop(): void; dir: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `fleetgate-streets-${port}-`));
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      STATIC_DIR: DIST_DIR,
      DATA_DIR: join(dir, 'data'),
      SIMULATOR: '0',
      LOGIN_RATE_PER_IP: '1000',
      // Any free ports for the device gateways, as playwright.config.ts gives the suite's server.
      ...anyFreeTrackerPorts(),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  const url = `http://localhost:${port}`;
  const stop = () => {
    // Its own process group: npx, tsx and node stop together.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`server on ${port} exited with ${child.exitCode}: ${stderr}`);
    }
    const up = await fetch(`${url}/api/public/config`).then((r) => r.ok, () => false);
    if (up) return { url, stop, dir };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`server on ${port} did not start`);
}
