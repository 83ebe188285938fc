/**
 * npm run bench:logmonitor -- [--devices 400] [--interval 0.5] [--seconds 60] [--warmup 10] [--profile]
 *
 * The live log monitor (/test/log/monitor) in headless Chromium watching every tracker of a
 * fleet of `devices` simulated GT06 trackers (server/sim SimDevice over real TCP), each sending a
 * position every `interval` seconds (2 frames/s by default; the gateway acks each, so the page
 * gets twice as many lines). The real path: tracker → gateway → frame log → bus (log.frame.*,
 * only watched terminals) → API node's log watch → websocket → page. Measured over `seconds`
 * after `warmup`: the page's longest main-thread task (PerformanceObserver 'longtask'), with one
 * scroll of the list down and back and a filter typed and cleared half-way, and the frames/s
 * the page shows. Target (issue 15): longest task < 200 ms at 400 devices x 2 frames/s.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../server/sim/device';
import { apiPost } from '../tests/support/processes';
import { installProbes, scrollListDownAndUp, takeLongTasks } from './support/probes';
import { startProfile, stopProfile } from './support/profile';
import { ensureBuild, startBenchServer } from './support/server';
import { max } from './support/stats';
import { CHROMIUM_ARGS } from './support/chromium';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '400' },
    interval: { type: 'string', default: '0.5' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    'dist-dir': { type: 'string', default: 'dist-bench-logmonitor' },
    profile: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(values.devices);
const INTERVAL = Number(values.interval);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...a: unknown[]) => console.error('[bench:logmonitor]', ...a);

async function main() {
  const distDir = values['dist-dir']!;
  log(`building the web app into ${distDir} (when stale)…`);
  ensureBuild(distDir);
  log(`starting the server with ${DEVICES} bulk devices…`);
  const server = await startBenchServer({ distDir, bulkDevices: DEVICES, bulkUser: 'fleet' });
  const base = `http://127.0.0.1:${server.port}`;
  const sims: SimDevice[] = [];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const auth = await apiPost(server.port, '/api/login', { username: 'fleet', password: '123456' });
    const list = (await apiPost(server.port, '/api/device/findDeviceLocationAll', {}, auth.data.token))
      .data as {
      terminalID: string;
      deviceProtocol: number;
      location: { lat: number; lon: number } | null;
    }[];
    const fleet = list.slice(0, DEVICES);
    log(`${fleet.length} devices; starting the simulated trackers (one position every ${INTERVAL} s each)…`);
    for (const [i, d] of fleet.entries()) {
      const sim = new SimDevice(
        {
          terminalId: d.terminalID,
          family: 'gt06',
          lat: d.location?.lat ?? 22.54,
          lon: d.location?.lon ?? 114.05,
          seed: i + 1,
        },
        {
          ...DEFAULT_SIM_OPTIONS,
          ports: { gt06: server.gt06Port, jt808: 0 },
          intervalSec: INTERVAL,
          reconnect: true,
        },
      );
      sims.push(sim);
      await sim.start();
    }

    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
    ).newPage();
    await installProbes(page);
    await page.goto(`${base}/login`);
    await page.locator('#username').fill('log');
    await page.locator('#password').fill('123456');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${base}/test/log/search`, { timeout: 60_000 });
    await page.goto(`${base}/test/log/monitor`);
    await page.getByTestId('log-imeis').fill(fleet.map((d) => d.terminalID).join('\n'));
    await page.getByTestId('log-watch').click();
    await page.getByTestId('log-line').first().waitFor({ timeout: 60_000 });
    log(`watching ${fleet.length} devices; warm-up ${WARMUP} s…`);
    await sleep(WARMUP * 1000);
    await takeLongTasks(page);
    const profile = values.profile ? await startProfile(page) : null;

    const rates: number[] = [];
    const t0 = Date.now();
    let interacted = false;
    let interactedAt = NaN;
    while (Date.now() - t0 < SECONDS * 1000) {
      await sleep(2000);
      const text = (await page.getByTestId('log-rate').textContent()) ?? '';
      rates.push(Number(/\d+/.exec(text)?.[0] ?? NaN));
      if (!interacted && Date.now() - t0 > (SECONDS * 1000) / 2) {
        interacted = true;
        interactedAt = Date.now();
        await scrollListDownAndUp(page, '[data-testid="log-rows"]');
        await page.getByTestId('log-filter').fill(fleet[0].terminalID);
        await sleep(1500);
        await page.getByTestId('log-filter').fill('');
      }
    }
    const tasks = await takeLongTasks(page);
    if (profile) log('self time by function:\n' + (await stopProfile(profile, 20)).join('\n'));
    // Where the long ones sit: seconds into the window, and whether the interaction was running.
    log(
      'tasks > 100 ms: ' +
        (tasks
          .filter((t) => t.duration > 100)
          .map((t) => `+${((t.at - t0) / 1000).toFixed(1)} s: ${Math.round(t.duration)} ms`)
          .join(', ') || 'none') +
        ` (interaction at +${((interactedAt - t0) / 1000).toFixed(1)} s)`,
    );
    const lines = await page.getByTestId('log-lines').textContent();
    const seen = rates.filter(Number.isFinite);
    const longest = Math.round(max(tasks.map((t) => t.duration)));
    console.log(
      JSON.stringify({
        devices: fleet.length,
        framesPerDevicePerS: 1 / INTERVAL,
        seconds: SECONDS,
        pageFramesPerS: Math.round(seen.reduce((a, b) => a + b, 0) / Math.max(1, seen.length)),
        lines,
        longTasks: tasks.length,
        longestTaskMs: longest,
        over100ms: tasks.filter((t) => t.duration > 100).length,
        ratioToLimit: Math.round((longest / 200) * 100) / 100,
        load1: os.loadavg()[0],
      }),
    );
  } finally {
    await browser.close();
    for (const s of sims) s.stop();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
