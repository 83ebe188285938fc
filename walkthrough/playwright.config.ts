import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../bench/support/chromium';
import { anyFreeTrackerPorts } from '../server/gateway/port-settings';

/**
 * The walk-through of docs/walkthrough.md (`npm run walkthrough`): the daily flows in English,
 * Chinese and French at desktop and phone size, pictured into docs/walkthrough/. Not part of
 * `npm test`: it proves nothing a test does not, it makes pictures for people to look at. The
 * server runs the demo fleet (SIMULATOR on), as `npm start` does.
 */
const PORT = Number(process.env.WALK_PORT ?? 8099);
const DATA_DIR = join(tmpdir(), `fleetgate-walk-${PORT}`);
if (!process.env.TEST_WORKER_INDEX) rmSync(DATA_DIR, { recursive: true, force: true });

export default defineConfig({
  testDir: '.',
  workers: 2,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node scripts/ensure-build.mjs && tsx server/main.ts',
    cwd: '..',
    url: `http://localhost:${PORT}/api/public/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR, SIMULATOR: '1', LOGIN_RATE_PER_IP: '1000', ...anyFreeTrackerPorts() },
  },
});
