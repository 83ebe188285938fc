/**
 * npm run bench:weight -- [--dist-dir dist-bench-weight] [--basemap osm|offline] [--json FILE] [--chunks 12]
 *
 * Page weight (issue 18): the JavaScript each route loads in headless Chromium, every script
 * response (entry, lazy chunks, language chunk, workers) counted once, its body compressed
 * with gzip -9 (node:zlib level 9) and summed, per chunk and per route. Each route opens in a
 * fresh browser context (empty cache) and counts until the page is drawn and the network has
 * been quiet for a while:
 *  - login: `/login`, not logged in, until the form is shown;
 *  - monitor: `/index/home` as `agent`, until the markers are drawn (window.__monitor) and the
 *    basemap's lazy parts have loaded;
 *  - track playback `/index/track` and the device list `/index/device/deviceList`, for information.
 * The basemap: `osm` (default) serves OpenStreetMap raster tiles through our server from a local
 * stand-in of the tile server (tests/support/tile-server.ts), as a fresh install with internet and
 * no map key shows them; `offline` turns the tiles off (OSM_TILE_URL=off), so the monitor draws
 * the bundled outlines (world and China), loaded only then.
 * Budgets (config/page-weight.ts): login < 263 KB, monitor < 526 KB (traccar-web 6.14.5's up-front
 * JavaScript on this machine). Exits 1 when a route is over its budget.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PAGE_WEIGHT_BUDGETS, type BudgetedRoute } from '../config/page-weight';
import { chunkName, formatWeights, gzipSize, overBudget, routeWeight, type ChunkWeight, type RouteWeight } from '../scripts/check-weight';
import { SW_URL } from '../src/pwa/constants';
import { SESSION_KEYS } from '../src/providers/session';
import { apiPost } from '../tests/support/processes';
import { startTileServer, type TileServer } from '../tests/support/tile-server';
import { CHROMIUM_ARGS } from './support/chromium';
import { ensureBuild, startBenchServer } from './support/server';

const { values } = parseArgs({
  options: {
    'dist-dir': { type: 'string', default: 'dist-bench-weight' },
    json: { type: 'string' },
    chunks: { type: 'string', default: '12' },
    basemap: { type: 'string', default: 'osm' },
  },
});
const USER = 'agent';
const PASSWORD = '123456';
/** The network counts as quiet after this long without a request in flight or a new one. */
const QUIET_MS = 2000;
const READY_TIMEOUT_MS = 90_000;

const log = (...a: unknown[]) => console.error('[bench:weight]', ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RouteSpec {
  name: string;
  path: string;
  loggedIn: boolean;
  ready: (page: Page) => Promise<void>;
}

const ROUTES: RouteSpec[] = [
  {
    name: 'login',
    path: '/login',
    loggedIn: false,
    ready: (page) => page.locator('[data-testid="login-page"] button[type="submit"]').waitFor({ timeout: READY_TIMEOUT_MS }),
  },
  {
    name: 'monitor',
    path: '/index/home',
    loggedIn: true,
    ready: async (page) => {
      await page.waitForFunction(() => (window.__monitor?.markers ?? 0) > 0, null, { timeout: READY_TIMEOUT_MS, polling: 100 });
      await page.locator('[data-testid="fleet-map"]:not([data-provider=""])').waitFor({ timeout: READY_TIMEOUT_MS });
    },
  },
  {
    name: 'track playback',
    path: '/index/track',
    loggedIn: true,
    ready: (page) => page.locator('[data-testid="fleet-map"]:not([data-provider=""])').waitFor({ timeout: READY_TIMEOUT_MS }),
  },
  {
    name: 'device list',
    path: '/index/device/deviceList',
    loggedIn: true,
    ready: (page) => page.locator('.ant-table').first().waitFor({ timeout: READY_TIMEOUT_MS }),
  },
];

/** Resolves once no request has been in flight, and none started, for QUIET_MS (at most `max` ms). */
async function networkQuiet(context: BrowserContext, max = 20_000) {
  let inflight = 0;
  let lastChange = Date.now();
  const start = () => {
    inflight++;
    lastChange = Date.now();
  };
  const end = () => {
    inflight = Math.max(0, inflight - 1);
    lastChange = Date.now();
  };
  context.on('request', start);
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  const t0 = Date.now();
  // Requests already in flight before this call end without a start: a short floor covers them.
  while (Date.now() - t0 < max && !(inflight === 0 && Date.now() - lastChange >= QUIET_MS)) await sleep(100);
  context.off('request', start);
  context.off('requestfinished', end);
  context.off('requestfailed', end);
}

/** The service worker's script as the page's registration would have loaded it (null if none is built). */
async function serviceWorkerScript(url: string): Promise<ChunkWeight | null> {
  const res = await fetch(url);
  if (!res.ok || !/javascript/.test(res.headers.get('content-type') ?? '')) return null;
  const body = Buffer.from(await res.arrayBuffer());
  return { name: chunkName(url), file: new URL(url).pathname, raw: body.length, gzip: gzipSize(body) };
}

async function measure(browser: Browser, base: string, session: unknown, spec: RouteSpec): Promise<RouteWeight & { basemap?: string; offMachine: string[] }> {
  // Service workers blocked: the PWA's worker precaches the app shell once installed, and those
  // fetches are not the page's. Its own script is: every page registers it, so it is counted
  // below as the page would have loaded it.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', serviceWorkers: 'block' });
  if (spec.loggedIn) {
    // The app keeps its session in sessionStorage (per tab), so it is put there before any script runs.
    await context.addInitScript(
      ({ key, value }) => {
        if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
      },
      { key: SESSION_KEYS.userInfo, value: JSON.stringify(session) },
    );
  }
  const bodies = new Map<string, Promise<ChunkWeight | null>>();
  const offMachine = new Set<string>();
  context.on('request', (req) => {
    const host = new URL(req.url()).hostname;
    if (/^https?:/.test(req.url()) && host !== '127.0.0.1' && host !== 'localhost') offMachine.add(host);
  });
  context.on('response', (res) => {
    const url = res.url();
    const type = res.request().resourceType();
    const js = type === 'script' || /javascript/.test(res.headers()['content-type'] ?? '');
    if (!js || bodies.has(url) || !url.startsWith(base)) return;
    bodies.set(
      url,
      res.body().then(
        (body) => ({ name: chunkName(url), file: new URL(url).pathname, raw: body.length, gzip: gzipSize(body) }),
        () => null, // a body the browser dropped (navigation): not loaded
      ),
    );
  });
  const page = await context.newPage();
  await page.goto(base + spec.path);
  await spec.ready(page);
  await networkQuiet(context);
  const basemap = spec.loggedIn
    ? ((await page.locator('[data-testid="fleet-map"]').first().getAttribute('data-provider', { timeout: 1000 }).catch(() => null)) ?? undefined)
    : undefined;
  const sw = base + SW_URL;
  if (!bodies.has(sw)) bodies.set(sw, serviceWorkerScript(sw));
  const chunks = (await Promise.all(bodies.values())).filter((c): c is ChunkWeight => c !== null);
  await context.close();
  const budget = PAGE_WEIGHT_BUDGETS[spec.name as BudgetedRoute];
  return { ...routeWeight(spec.name, chunks, budget), basemap, offMachine: [...offMachine] };
}

async function main() {
  const distDir = values['dist-dir']!;
  log(`building the web app into ${distDir} (when stale)…`);
  ensureBuild(distDir);
  const basemap = values.basemap === 'offline' ? 'offline' : 'osm';
  const tiles: TileServer | null = basemap === 'osm' ? await startTileServer() : null;
  log(`starting the server (basemap: ${basemap === 'osm' ? `OpenStreetMap tiles from ${tiles!.template}` : 'offline outlines'})…`);
  const server = await startBenchServer({
    distDir,
    bulkDevices: 0,
    bulkUser: 'weight',
    env: { OSM_TILE_URL: tiles?.template ?? 'off', PMTILES_FILE: '' },
  });
  const base = `http://127.0.0.1:${server.port}`;
  let browser: Browser | null = null;
  try {
    const auth = await apiPost(server.port, '/api/login', { username: USER, password: PASSWORD });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const results: Awaited<ReturnType<typeof measure>>[] = [];
    for (const spec of ROUTES) {
      log(`${spec.name} (${spec.path})…`);
      const r = await measure(browser, base, auth.data, spec);
      results.push(r);
      const where = r.basemap ? `, map provider shown: ${r.basemap}` : '';
      log(`${spec.name}: ${(r.gzip / 1000).toFixed(1)} KB gzip -9 in ${r.chunks.length} files${where}` +
        (r.offMachine.length ? `; requests off this machine: ${r.offMachine.join(', ')}` : ''));
    }
    if (tiles) log(`the tile server answered ${tiles.requests.length} tile requests (the basemap was drawn from tiles)`);
    console.log(formatWeights(results, { chunksPerRoute: Number(values.chunks) }));
    if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
    const over = results.filter(overBudget);
    if (over.length > 0) {
      console.error(`over budget: ${over.map((w) => w.route).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    await server.close();
    await tiles?.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
