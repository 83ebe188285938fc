import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STREET_COLORS } from '../../src/maps/basemap/theme';
import { STREETS_CENTER, writeStreetArchive } from '../support/pmtiles-streets';
import { startTileServer, TEST_TILE_LAND, TEST_TILE_ROAD, type TileServer } from '../support/tile-server';
import { login, settled } from './helpers';
import { startServer } from './own-server';

// Streets without a map key (issue 18 item 1): OSM raster tiles through our server (here from
// a local test tile server) and vector tiles from a generated .pmtiles, each on a server of its
// own started by this file; and on the suite's server (OSM default, no internet) the outlines.

type Rgb = readonly [number, number, number];
const hex = (c: string): Rgb => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as unknown as Rgb;

/** Pixels of each colour (within a tolerance for blending) in a screenshot, counted in the page. */
async function countColours(page: Page, png: Buffer, colours: Record<string, Rgb>): Promise<Record<string, number>> {
  return page.evaluate(
    async ({ b64, colours }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      const out: Record<string, number> = Object.fromEntries(Object.keys(colours).map((k) => [k, 0]));
      for (let i = 0; i < data.length; i += 4) {
        for (const [name, [r, g, b]] of Object.entries(colours)) {
          if (Math.abs(data[i] - r) < 6 && Math.abs(data[i + 1] - g) < 6 && Math.abs(data[i + 2] - b) < 6) out[name]++;
        }
      }
      return out;
    },
    { b64: png.toString('base64'), colours },
  );
}

/** A page whose relative URLs go to `url` (the project's `use` options, another base URL). */
async function pageOn(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'Asia/Shanghai' });
  return context.newPage();
}

/** Every request that leaves localhost. */
function watchOutside(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') outside.push(r.url());
  });
  return outside;
}

/**
 * Opens the monitor at zoom 15 over the test city: the brand's first map view (the public
 * config the login page reads) is set to it, so no map gesture is needed.
 */
async function monitorAtZoom15(page: Page, basemap: 'osm' | 'vector') {
  await page.route('**/api/public/config*', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.data.brand.map = { center: STREETS_CENTER, zoom: 15 };
    await route.fulfill({ response, json });
  });
  await login(page, 'agent');
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-basemap', basemap, { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-zoom', '15.00');
  await expect.poll(() => page.evaluate(() => window.__monitor?.markers ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
  // Tiles fetched, parsed and drawn (software WebGL on a loaded machine).
  await settled(map);
  await expect(map).toHaveAttribute('data-zoom', '15.00');
  // Expiry reminders pop up over the map: out of the picture.
  await page.addStyleTag({ content: '.ant-notification { display: none !important; }' });
}

test.describe('OpenStreetMap tiles through the server', () => {
  let tiles: TileServer;
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tiles = await startTileServer();
    server = await startServer({ OSM_TILE_URL: tiles.template, PUBLIC_URL: 'https://track.example.com' });
  });
  test.afterAll(async () => {
    server?.stop();
    await tiles?.close();
    if (server) rmSync(server.dir, { recursive: true, force: true });
  });
  test('draws the OSM tiles at zoom 15 with their attribution, the browser asking only our server', async ({ browser }) => {
    const page = await pageOn(browser, server.url);
    const outside = watchOutside(page);
    await monitorAtZoom15(page, 'osm');
    await expect(page.getByTestId('map-attribution')).toHaveText('© OpenStreetMap contributors');
    await expect(page.getByTestId('map-notice')).toHaveCount(0);
    // The provider box names what is drawn (issue 32).
    await expect(page.getByTestId('map-type')).toHaveText('OpenStreetMap');
    const shot = await page.getByTestId('monitor-map').screenshot({ animations: 'disabled', path: 'docs/screenshots/streets-osm.png' });
    const c = await countColours(page, shot, { land: TEST_TILE_LAND, road: TEST_TILE_ROAD });
    expect(c.land).toBeGreaterThan(20_000);
    expect(c.road).toBeGreaterThan(2_000);
    // The tiles came from the tile server through ours, with our User-Agent; the page asked localhost only.
    // 256 px OSM tiles one zoom deeper than L7's 512 px zoom: zoom 16 tiles at map zoom 15.
    expect(tiles.requests.some((r) => /^\/16\/\d+\/\d+\.png$/.test(r.url))).toBe(true);
    expect(tiles.requests.every((r) => /^FleetGate\/\S+ \(\+https:\/\/track\.example\.com\)$/.test(String(r.headers['user-agent'])))).toBe(true);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});

test.describe('vector tiles from a .pmtiles archive', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let archiveDir: string;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    archiveDir = mkdtempSync(join(tmpdir(), 'fleetgate-pmtiles-'));
    const file = writeStreetArchive(join(archiveDir, 'streets.pmtiles'));
    // OSM pointed at a closed port: with an archive set, it must not be used at all.
    server = await startServer({ PMTILES_FILE: file, OSM_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
  });
  test.afterAll(() => {
    server?.stop();
    if (server) rmSync(server.dir, { recursive: true, force: true });
    if (archiveDir) rmSync(archiveDir, { recursive: true, force: true });
  });
  test('draws streets, water and land at zoom 15 offline, no request leaving localhost', async ({ browser }) => {
    const page = await pageOn(browser, server.url);
    const outside = watchOutside(page);
    const tileRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tiles/')) tileRequests.push(new URL(r.url()).pathname);
    });
    await monitorAtZoom15(page, 'vector');
    await expect(page.getByTestId('map-attribution')).toHaveText('Test streets © FleetGate tests');
    await expect(page.getByTestId('map-notice')).toHaveCount(0);
    await expect(page.getByTestId('map-type')).toHaveText('Offline streets');
    const colours = {
      earth: hex(STREET_COLORS.earth),
      minor: hex(STREET_COLORS.minorRoad),
      major: hex(STREET_COLORS.majorRoad),
      park: hex(STREET_COLORS.park),
      water: hex(STREET_COLORS.water),
    };
    const look = async () => countColours(page, await page.getByTestId('monitor-map').screenshot({ animations: 'disabled' }), colours);
    // The theme's layers are added one per task and each builds its tiles in turn: on a loaded
    // machine the last ones (main roads, names) can be a few seconds behind the first.
    await expect.poll(async () => (await look()).major, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThan(1_000);
    await settled(page.getByTestId('monitor-map'));
    const shot = await page.getByTestId('monitor-map').screenshot({ animations: 'disabled', path: 'docs/screenshots/streets-vector.png' });
    const c = await countColours(page, shot, colours);
    expect(c.earth).toBeGreaterThan(20_000);
    expect(c.park).toBeGreaterThan(2_000);
    expect(c.water).toBeGreaterThan(2_000);
    // Streets every 340 m or so: at zoom 15 many white streets cross the view.
    expect(c.minor).toBeGreaterThan(3_000);
    // A main road (4 px, every fifth street) runs through the centre.
    expect(c.major).toBeGreaterThan(1_000);
    expect(tileRequests.some((p) => p.startsWith('/api/tiles/vector/'))).toBe(true);
    expect(tileRequests.some((p) => p.startsWith('/api/tiles/osm/'))).toBe(false);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});

test('without internet the OSM default falls back to the outlines quickly, with the notice', async ({ page }) => {
  // The suite's own server: OSM_TILE_URL unset (tile.openstreetmap.org), no route to it here.
  const outside = watchOutside(page);
  await login(page, 'agent');
  const started = Date.now();
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-basemap', 'outlines', { timeout: 30_000 });
  await expect(page.getByTestId('map-notice')).toBeVisible();
  await expect(page.getByTestId('map-type')).toHaveText('Outlines only');
  await expect(page.getByTestId('map-attribution')).toHaveCount(0);
  // From the home page: the map chunk, the scene, the tile offer and one failed tile.
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(outside).toEqual([]);
});
