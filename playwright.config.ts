import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './bench/support/chromium';
import { anyFreeTrackerPorts } from './server/gateway/port-settings';

// E2E_PORT and DIST_DIR let two suites run side by side (each with its own server and build).
const PORT = Number(process.env.E2E_PORT ?? 8091);
const DIST_DIR = process.env.DIST_DIR ?? 'dist';
// Every run starts from a freshly seeded embedded database. Only the main process clears it:
// the workers load this file too, while the server is already using the folder.
const DATA_DIR = join(tmpdir(), `fleetgate-e2e-${PORT}`);
if (!process.env.TEST_WORKER_INDEX) rmSync(DATA_DIR, { recursive: true, force: true });

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Browser tests mostly wait (on the page, the server, a tracker): two cores keep four busy.
  workers: 4,
  retries: 0,
  // Generous: on a loaded 2-core machine a first render can take over 10 s; a failing test only waits longer.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    // The app turns antd's animations off for users who ask for less motion: every dialog, menu
    // and message then appears at once, with no frames to draw and nothing to wait for.
    reducedMotion: 'reduce',
    // The PWA's service worker would download the app shell again in every test; only the
    // PWA tests (tests/e2e/pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    // A trace records a screencast and DOM snapshots of every step of every test, to keep only
    // those that fail: it cost 40 % of the browser phase's CPU (docs/testing.md). E2E_TRACE=1
    // records them when a failure needs one; a failing test always leaves its picture and the
    // page's accessibility snapshot (error-context.md).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/ensure-build.mjs && tsx server/main.ts',
    url: `http://localhost:${PORT}/api/public/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DIST_DIR,
      STATIC_DIR: DIST_DIR,
      DATA_DIR,
      SIMULATOR: '0',
      // The suite logs in a few dozen times from one address within a minute.
      LOGIN_RATE_PER_IP: '1000',
      // Any free ports for the device gateways: a development server may hold the usual ones.
      ...anyFreeTrackerPorts(),
    },
  },
});
