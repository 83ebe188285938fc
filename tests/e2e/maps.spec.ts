import { expect, test, type Page } from '@playwright/test';
import { login, settled, wheelOver } from './helpers';

// The map module (src/maps) inside the monitor page, in the offline mode the seed runs in.

/** Distinct colours in a screenshot of the map, counted in the page (no image library needed). */
async function colours(page: Page, png: Buffer): Promise<{ distinct: number; land: number; sea: number }> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    const seen = new Set<number>();
    let land = 0;
    let sea = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      seen.add((r << 16) | (g << 8) | b);
      // OFFLINE_BACKGROUND #c9dcef and the land fill #f4f1ea (src/maps), give or take blending.
      if (Math.abs(r - 0xc9) < 6 && Math.abs(g - 0xdc) < 6 && Math.abs(b - 0xef) < 6) sea++;
      if (Math.abs(r - 0xf4) < 6 && Math.abs(g - 0xf1) < 6 && Math.abs(b - 0xea) < 6) land++;
    }
    return { distinct: seen.size, land, sea };
  }, png.toString('base64'));
}

async function openMap(page: Page) {
  await login(page, 'agent');
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-provider', 'offline', { timeout: 30_000 });
  await expect(map.locator('canvas').first()).toBeVisible();
  // The monitor publishes this once the device layer reported its first draw (onRendered).
  await expect
    .poll(() => page.evaluate(() => window.__monitor?.markers ?? 0), { timeout: 30_000 })
    .toBeGreaterThan(0);
  return map;
}

test('the offline basemap draws land, sea and devices without leaving localhost', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.hostname !== 'localhost') outside.push(r.url());
  });
  await openMap(page);
  // Zoom out to about zoom 5: coast, sea, provinces with their names and clusters on screen.
  const map = page.getByTestId('fleet-map');
  await map.hover();
  for (let i = 0; i < 6; i++) await wheelOver(page, map, 800);
  await settled(page.getByTestId('monitor-map'));
  const shot = await page
    .getByTestId('monitor-map')
    .screenshot({ animations: 'disabled', path: 'docs/screenshots/monitor-offline-basemap.png' });
  const c = await colours(page, shot);
  expect(c.sea).toBeGreaterThan(1000);
  expect(c.land).toBeGreaterThan(1000);
  // Outlines, icons and cluster badges add many more colours than two flat fills.
  expect(c.distinct).toBeGreaterThan(50);
  expect(outside).toEqual([]);
});

test('the measure tool adds up the clicked legs', async ({ page }) => {
  await openMap(page);
  await page.getByTestId('measure').click();
  const box = (await page.getByTestId('fleet-map').boundingBox())!;
  const y = box.y + box.height * 0.6;
  await page.mouse.click(box.x + box.width * 0.3, y);
  await page.mouse.click(box.x + box.width * 0.6, y);
  const total = page.getByTestId('map-measure-total');
  await expect(total).toHaveText(/^\d+(\.\d\d)? (m|km)$/);
  const first = await total.textContent();
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.3);
  await expect(total).not.toHaveText(first!);
});

/** The cluster-count overlay (a 2D canvas over the map): how many counts it drew, and its painted pixels. */
const overlay = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid=cluster-counts]');
    if (!c || !c.width || !c.height) return { counts: -1, ink: -1 };
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) ink++;
    return { counts: Number(c.dataset.counts ?? 0), ink };
  });
/** A bold 12 px digit paints well over this many pixels. */
const INK_PER_COUNT = 20;
/** Counts are drawn, each with the ink of at least one digit. */
const countsDrawn = async (page: Page) => {
  const { counts, ink } = await overlay(page);
  return counts > 0 && ink >= counts * INK_PER_COUNT;
};

test('cluster counts are drawn over the clusters and cleared when every device stands alone', async ({
  page,
}) => {
  await openMap(page);
  await page.getByTestId('fit').click();
  // Every device on screen at a low zoom: clusters, each with its count.
  await expect.poll(() => countsDrawn(page), { timeout: 10_000 }).toBe(true);
  // A device picked from the list: the map flies in past the clustering zoom.
  await page.getByTestId('tab-online').click();
  await page.getByTestId('device-row').first().click();
  await expect.poll(() => overlay(page), { timeout: 10_000 }).toEqual({ counts: 0, ink: 0 });
  // And back out: the counts return with the clusters.
  await page.getByTestId('fit').click();
  await expect.poll(() => countsDrawn(page), { timeout: 10_000 }).toBe(true);
});

/** The map's zoom as the map element reports it once the camera rests. */
const zoomOf = async (page: Page) => Number(await page.getByTestId('fleet-map').getAttribute('data-zoom'));

test('the light map pans, zooms by wheel, double click and pinch, and selects the device clicked', async ({
  page,
}) => {
  const map = await openMap(page);
  // No key and no vector tiles: the monitor draws on the light map, without L7.
  await expect(map).toHaveAttribute('data-map', 'lite');
  // A device picked from the list is centred at zoom 14 or closer; the panel opens.
  await page.getByTestId('tab-online').click();
  await page.getByTestId('device-row').first().click();
  const title = await page.getByTestId('panel-title').textContent();
  await page.getByTestId('panel-close').click();
  await expect(page.getByTestId('device-panel')).toHaveCount(0);
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await expect.poll(() => zoomOf(page)).toBeGreaterThanOrEqual(14);
  // The device at the centre is drawn there: a click on it selects it again.
  await settled(map);
  await page.mouse.click(cx, cy);
  await expect(page.getByTestId('panel-title')).toHaveText(title!);
  await page.getByTestId('panel-close').click();

  // A drag moves the map with the pointer, not the zoom: the device is now where the drag took it.
  const before = await zoomOf(page);
  await page.mouse.move(cx - 100, cy + 100);
  await page.mouse.down();
  await page.mouse.move(cx - 300, cy + 150, { steps: 6 });
  await page.mouse.up();
  await settled(map);
  await page.mouse.click(cx - 200, cy + 50);
  await expect(page.getByTestId('panel-title')).toHaveText(title!);
  await page.getByTestId('panel-close').click();
  expect(await zoomOf(page)).toBe(before);

  // Double click: one level in. Wheel down (a mouse notch): about one level out.
  await page.mouse.dblclick(box.x + 60, box.y + box.height - 60);
  await expect.poll(() => zoomOf(page)).toBe(Math.round(before) + 1);
  await page.mouse.wheel(0, 800);
  await expect.poll(() => zoomOf(page)).toBeLessThan(Math.round(before) + 0.2);

  // Two fingers spreading to twice their distance: one level in.
  const z0 = await zoomOf(page);
  await page.getByTestId('lite-map-canvas').evaluate((canvas) => {
    const r = canvas.getBoundingClientRect();
    const at = (id: number, type: string, x: number, y: number) =>
      canvas.dispatchEvent(
        new PointerEvent(type, {
          pointerId: id,
          clientX: r.left + x,
          clientY: r.top + y,
          bubbles: true,
          pointerType: 'touch',
          isPrimary: id === 1,
        }),
      );
    at(1, 'pointerdown', 200, 200);
    at(2, 'pointerdown', 300, 200);
    for (let i = 1; i <= 5; i++) {
      at(1, 'pointermove', 200 - 10 * i, 200);
      at(2, 'pointermove', 300 + 10 * i, 200);
    }
    at(1, 'pointerup', 150, 200);
    at(2, 'pointerup', 350, 200);
  });
  await expect.poll(() => zoomOf(page)).toBeCloseTo(z0 + 1, 1);
});
