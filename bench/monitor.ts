/**
 * npm run bench:monitor -- [--devices 10000] [--trackers 15000] [--rate 2000] [--seconds 30] [--warmup 10] [--runs 3] [--profile] [--no-browser] [--db pglite|pg]
 *
 * The monitor page (/index/home) in headless Chromium against a real server with a fleet of
 * `devices` in one account (SEED_BULK_DEVICES, user `fleet`), measuring:
 *  1. first render: page.goto until every marker is drawn and the list holds every device
 *     (window.__monitor, set by the page);
 *  2. update-to-screen delay p50/p95 while `rate` positions/s arrive through the real path
 *     (GT06 TCP trackers → gateway → bus → websocket → page), matched per (device, fix time)
 *     with the page's `fleetgate:positions-applied` events;
 *  3. the longest main-thread task during the load and during the updates;
 *  4. the longest task while scrolling the virtual list to the bottom and back.
 * Targets (issue 4): first render < 3 s, update p95 < 1 s, no task over 200 ms.
 * --profile adds a CPU profile of the load and of the update phase (self time per function);
 * --trace records a Chromium trace of the load and prints what its three longest tasks did (build with
 *   BUILD_MINIFY=0 and its own --dist-dir to read function names);
 * --trackers caps the GT06 connections (spread evenly over the located devices): the pump and the
 *   server each hold one socket per tracker, and this machine allows 20,000 open files a
 *   process (hard limit), so 50,000 devices report through 15,000 trackers at the same `rate`;
 * --screenshot FILE saves a picture of the page after the first run's updates (to look at it);
 * --no-browser measures the server path alone (pump → websocket probe), without Chromium;
 * --db pg serves from a fresh PostgreSQL database (--pg-url) instead of the embedded one.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { apiPost } from '../tests/support/processes';
import {
  installProbes,
  matchApplied,
  scrollListDownAndUp,
  takeApplied,
  takeLongTasks,
  type Applied,
} from './support/probes';
import { startProfile, stopProfile } from './support/profile';
import { saveTrace, startTrace, stopTrace } from './support/trace';
import { Gt06Pump, type PumpDevice } from './support/pump';
import { ensureBuild, startBenchServer } from './support/server';
import { report, type RunResult } from './support/report';
import { max, percentile } from './support/stats';
import { WsProbe } from './support/ws-probe';
import { measureListCalls } from './support/list-calls';
import { CHROMIUM_ARGS } from './support/chromium';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    trackers: { type: 'string', default: '15000' },
    rate: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    db: { type: 'string', default: 'pglite' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    'dist-dir': { type: 'string', default: 'dist-bench-monitor' },
    screenshot: { type: 'string' },
  },
});
const DEVICES = Number(values.devices);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const RUNS = Number(values.runs);
const USER = 'fleet';

let shotTaken = false;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...a: unknown[]) => console.error('[bench:monitor]', ...a);

async function login(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(USER);
  await page.locator('#password').fill('123456');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`${base}/index/home`, { timeout: 60_000 });
}

async function run(
  browser: Browser,
  base: string,
  pump: Gt06Pump,
  probe: WsProbe,
  expectedMarkers: number,
): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await installProbes(page);
  await login(page, base);
  await page.goto('about:blank');
  // The previous run's positions may still be draining through the server: the load is
  // measured on its own, the stream comes after.
  await probe.quiet();

  // 1. First render.
  const loadProfile = values.profile ? await startProfile(page) : null;
  const loadTrace = values.trace ? await startTrace(page) : null;
  // When the device list answered: splits the first render into server + transfer and page work.
  let listAnsweredAt = NaN;
  page.on('requestfinished', (req) => {
    if (!/findDeviceLocationAll/.test(req.url()) || !Number.isNaN(listAnsweredAt)) return;
    const t = req.timing();
    listAnsweredAt = t.startTime + t.responseEnd;
    // When it was asked tells the page's start (code, session) from the server's answer.
    const at = (ms: number) => `+${Math.round(ms - t0)} ms`;
    log(
      `device list asked at ${at(t.startTime)}, first byte ${at(t.startTime + t.responseStart)}, answered ${at(listAnsweredAt)}`,
    );
  });
  const t0 = Date.now();
  await page.goto(`${base}/index/home`);
  await page.waitForFunction(
    ({ n, m }) => {
      const w = window.__monitor;
      return !!w && w.listRows === n && w.markers >= m;
    },
    { n: DEVICES, m: expectedMarkers },
    { timeout: 120_000, polling: 50 },
  );
  const rendered = await page.evaluate(() => window.__monitor!);
  const firstRenderMs = rendered.renderedAt - t0;
  await sleep(1000); // tasks still running right after the first paint belong to the load
  const loadTasks = await takeLongTasks(page);
  // Where the load's long tasks sit (ms after navigation), to tell the app shell from the map.
  log(
    'load tasks > 100 ms: ' +
      (loadTasks
        .filter((t) => t.duration > 100)
        .map((t) => `+${Math.round(t.at - t0)}: ${Math.round(t.duration)} ms`)
        .join(', ') || 'none'),
  );
  const profileLoad = loadProfile ? await stopProfile(loadProfile) : undefined;
  if (loadTrace) log(`load, ${saveTrace(await stopTrace(loadTrace), 'monitor-load').join('\n')}`);

  // 2-3. Live updates through the real path.
  pump.start(RATE);
  await sleep(WARMUP * 1000);
  await takeApplied(page);
  await takeLongTasks(page);
  const updateProfile = values.profile ? await startProfile(page) : null;
  const sentBefore = pump.sentCount;
  const start = Date.now();
  const applied: Applied[] = [];
  while (Date.now() - start < SECONDS * 1000) {
    await sleep(2000);
    applied.push(...(await takeApplied(page)));
  }
  const offeredPerS = Math.round((pump.sentCount - sentBefore) / ((Date.now() - start) / 1000));
  pump.pause();
  await sleep(2000); // let the last positions reach the screen
  applied.push(...(await takeApplied(page)));
  const updateTasks = await takeLongTasks(page);
  const profileUpdate = updateProfile ? await stopProfile(updateProfile) : undefined;
  // Only positions sent inside the window count; the warm-up's stragglers are dropped.
  const inWindow = matchApplied(applied, pump.sent, probe.arrived, start);
  // Positions of the window the server published at all (seen by the websocket probe).
  let published = 0;
  for (const [key, at] of pump.sent) if (at >= start && probe.arrived.has(key)) published++;
  const delays = inWindow.delays;

  if (values.screenshot && !shotTaken) {
    shotTaken = true;
    await page.screenshot({ path: values.screenshot });
    log(`screenshot saved to ${values.screenshot}`);
  }

  // 4. Scroll the virtual list down and back.
  await sleep(1000);
  await takeLongTasks(page);
  await scrollListDownAndUp(page, '[data-testid="device-rows"]');
  await sleep(500);
  const scrollTasks = await takeLongTasks(page);
  await context.close();

  return {
    load1: os.loadavg()[0],
    firstRenderMs,
    listAnsweredMs: Math.round(listAnsweredAt - t0),
    markers: rendered.markers,
    listRows: rendered.listRows,
    loadLongestMs: Math.round(max(loadTasks.map((t) => t.duration))),
    loadLongTasks: loadTasks.length,
    offeredPerS,
    matched: delays.length,
    published,
    unmatched: inWindow.unmatched,
    p50: Math.round(percentile(delays, 50)),
    p95: Math.round(percentile(delays, 95)),
    serverP50: Math.round(percentile(inWindow.serverDelays, 50)),
    serverP95: Math.round(percentile(inWindow.serverDelays, 95)),
    updateLongestMs: Math.round(max(updateTasks.map((t) => t.duration))),
    updateLongTasks: updateTasks.length,
    scrollLongestMs: Math.round(max(scrollTasks.map((t) => t.duration))),
    profile: profileLoad && profileUpdate ? { load: profileLoad, update: profileUpdate } : undefined,
  };
}

/** --no-browser: the same pump and probe without Chromium, to see the server path alone. */
async function serverPathOnly(pump: Gt06Pump, probe: WsProbe) {
  pump.start(RATE);
  await sleep(WARMUP * 1000);
  const from = Date.now();
  const sentBefore = pump.sentCount;
  await sleep(SECONDS * 1000);
  const offered = Math.round((pump.sentCount - sentBefore) / ((Date.now() - from) / 1000));
  pump.pause();
  await sleep(3000);
  const delays: number[] = [];
  let lost = 0;
  for (const [key, at] of pump.sent) {
    if (at < from) continue;
    const ws = probe.arrived.get(key);
    if (ws === undefined) lost++;
    else delays.push(ws - at);
  }
  console.log(
    `server path only: offered ${offered}/s, ${delays.length} positions reached the websocket (${lost} did not), ` +
      `send → websocket p50 ${percentile(delays, 50)} ms, p95 ${percentile(delays, 95)} ms, max ${max(delays)} ms`,
  );
}

async function main() {
  const distDir = values['dist-dir']!;
  log(`building the web app into ${distDir} (when stale)…`);
  ensureBuild(distDir);
  log(`starting the server with ${DEVICES} bulk devices…`);
  const t0 = Date.now();
  const server = await startBenchServer({
    distDir,
    bulkDevices: DEVICES,
    bulkUser: USER,
    postgres: values.db === 'pg' ? values['pg-url'] : undefined,
  });
  log(`server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s on port ${server.port}`);
  const base = `http://127.0.0.1:${server.port}`;
  let pump: Gt06Pump | null = null;
  let probe: WsProbe | null = null;
  let browser: Browser | null = null;
  try {
    const auth = await apiPost(server.port, '/api/login', { username: USER, password: '123456' });
    const list = await apiPost(server.port, '/api/device/findDeviceLocationAll', {}, auth.data.token);
    // The server's side of the page's load (the call above warmed it).
    for (const line of await measureListCalls(base, auth.data.token)) log(line);
    const located = (
      list.data as { terminalID: string; location: { lat: number; lon: number } | null }[]
    ).filter((d) => d.location);
    const trackers = Math.min(located.length, Number(values.trackers));
    // Every k-th located device, so the reporting ones are spread over the whole fleet.
    const step = located.length / trackers;
    const devices: PumpDevice[] = Array.from({ length: trackers }, (_, i) => located[Math.floor(i * step)]).map(
      (d) => ({ terminalId: d.terminalID, lat: d.location!.lat, lon: d.location!.lon }),
    );
    log(
      `${list.data.length} devices, ${located.length} with a position (markers); connecting ${devices.length} GT06 trackers…`,
    );
    probe = new WsProbe(
      server.port,
      auth.data.token,
      new Map(list.data.map((d: { id: number; terminalID: string }) => [d.id, d.terminalID])),
    );
    await probe.opened();
    pump = new Gt06Pump(server.gt06Port, devices);
    await pump.connect();
    await sleep(3000); // online events of the logins settle before the page loads
    log(
      `connected (${pump.reconnects} reconnects); each tracker reports every ${(devices.length / RATE).toFixed(2)} s`,
    );

    if (values['no-browser']) return await serverPathOnly(pump, probe);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      log(`run ${i + 1}/${RUNS}…`);
      const r = await run(browser, base, pump, probe, located.length);
      log(JSON.stringify({ ...r, profile: undefined }));
      if (r.profile) {
        log('load, self time by function:\n' + r.profile.load.join('\n'));
        log('updates, self time by function:\n' + r.profile.update.join('\n'));
      }
      results.push(r);
    }
    report(results, {
      devices: DEVICES,
      markers: located.length,
      pumped: devices.length,
      rate: RATE,
      runs: RUNS,
      seconds: SECONDS,
      warmup: WARMUP,
    });
  } finally {
    await browser?.close();
    pump?.close();
    probe?.close();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
