import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from './helpers';
import { apiPost, connectGt06, findGt06Port, fixStored, ownGt06 } from './monitor-support';

const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);
const RUN = Date.now().toString(36);
// Hangzhou's West Lake: no other browser test puts a vehicle or a fence here.
const AT = { lat: 30.2592, lon: 120.1443 };

interface StoredFence {
  type: string;
  radius: number | null;
  center: { lng: number; lat: number } | null;
  points: [number, number][] | null;
}

/** The editor's view centre, WGS-84 (EditorFrame's `data-center`). */
async function centreOf(map: Locator): Promise<[number, number]> {
  const [lng, lat] = ((await map.getAttribute('data-center')) ?? '0,0').split(',').map(Number);
  return [lng, lat];
}

/**
 * Pixels unlike the map's background in a 40 px square at the map's centre: the vehicle's marker
 * and its selection ring when the view is centred on it, none on the bare basemap.
 */
async function drawnAtCentre(page: Page, map: Locator): Promise<number> {
  const box = (await map.boundingBox())!;
  const png = await page.screenshot({ clip: { x: box.x + box.width / 2 - 20, y: box.y + box.height / 2 - 20, width: 40, height: 40 } });
  const corner = await page.screenshot({ clip: { x: box.x + box.width - 60, y: box.y + box.height / 2, width: 4, height: 4 } });
  return page.evaluate(
    async ([centre, bg]) => {
      const pixels = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, c.width, c.height).data;
      };
      const [d, b] = await Promise.all([pixels(centre), pixels(bg)]);
      let unlike = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - b[0]) + Math.abs(d[i + 1] - b[1]) + Math.abs(d[i + 2] - b[2]) > 60) unlike++;
      return unlike;
    },
    [png.toString('base64'), corner.toString('base64')] as const,
  );
}

test('Add fence from a device panel opens on the vehicle with zoom and search; a typed radius and a moved corner are saved', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'agent');
  const imei = await ownGt06(page);
  const tracker = await connectGt06(await findGt06Port(WEB_PORT, imei), imei);
  const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
  try {
    tracker.send({ time, ...AT, speed: 0, course: 90 });
    await fixStored(page, imei, time);
  } finally {
    tracker.close();
  }

  // The monitor, the device's panel, Fence, Add fence: as a user gets there.
  await page.goto('/index/home');
  await page.getByTestId('device-search').fill(imei);
  await page.getByTestId('device-row').click();
  await page.getByTestId('action-fence').click();
  await expect(page.getByTestId('fence-for-device')).toContainText(imei);
  await page.getByTestId('fence-add').click();
  const map = page.getByTestId('drawing-map');
  const fleetMap = map.getByTestId('fleet-map');
  await expect(fleetMap).toHaveAttribute('data-provider', 'offline', { timeout: 60_000 });

  await test.step('the editor opens on the vehicle, close enough to draw a street, its marker drawn', async () => {
    await expect.poll(async () => (await centreOf(map)).map((v, i) => Math.abs(v - [AT.lon, AT.lat][i]) < 1e-5)).toEqual([true, true]);
    // 15 on L7's own map: an 80 px drag is some 150 m there (tests/unit/maps/draw-measure.test.ts).
    await expect(fleetMap).toHaveAttribute('data-zoom', '15.00');
    await expect.poll(async () => Number(await map.getAttribute('data-markers'))).toBeGreaterThan(0);
    await expect.poll(() => drawnAtCentre(page, map)).toBeGreaterThan(50);
    await expect(map.getByTestId('place-search')).toBeVisible();
    await map.getByTestId('zoom-in').click();
    await expect(fleetMap).toHaveAttribute('data-zoom', '16.00');
    await map.getByTestId('zoom-out').click();
    await expect(fleetMap).toHaveAttribute('data-zoom', '15.00');
    // Away from the buttons: their tooltip is no part of the screenshot below.
    await page.getByTestId('fence-name').hover();
    await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0);
  });

  await test.step('a radius typed in metres makes the circle around the vehicle, and is what is saved', async () => {
    await page.getByTestId('fence-name').fill(`E2E typed radius ${RUN}`);
    await page.getByTestId('draw-radius').fill('350');
    await expect(page.getByTestId('draw-size')).toHaveText('Radius: 350 m');
    await expect(page.getByTestId('fence-radius')).toHaveText('Radius: 350 m');
    await page.screenshot({ path: 'docs/screenshots/fence-from-device.png' });
    await page.getByTestId('fence-save').click();
    await expect(page.getByTestId('fence-allocate')).toBeVisible();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const stored = await apiPost<StoredFence>(page, '/fence/detail', { id });
    expect(stored.type).toBe('circle');
    expect(stored.radius).toBe(350);
    expect(Math.abs(stored.center!.lng - AT.lon)).toBeLessThan(1e-5);
    expect(Math.abs(stored.center!.lat - AT.lat)).toBeLessThan(1e-5);
  });

  await test.step('a polygon corner dragged after drawing is saved where it was dropped', async () => {
    await page.goto(`/index/fence/list?view=new&terminalID=${imei}`);
    await page.getByTestId('fence-name').fill(`E2E moved corner ${RUN}`);
    await page.getByTestId('fence-kind-polygon').click();
    await expect(map.locator('canvas[data-testid=shape-editor]')).toHaveCount(1, { timeout: 60_000 });
    await expect.poll(async () => Math.abs((await centreOf(map))[1] - AT.lat) < 1e-5).toBe(true);
    const box = (await map.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2 + 40];
    // A 200 × 120 px rectangle of clicks, closed on its first corner.
    const corners: [number, number][] = [[cx - 100, cy - 60], [cx + 100, cy - 60], [cx + 100, cy + 60], [cx - 100, cy + 60]];
    for (const [x, y] of corners) await page.mouse.click(x, y);
    await page.mouse.click(corners[0][0] + 2, corners[0][1] + 1);
    await expect(page.getByTestId('fence-corners')).toHaveText('Corners: 4');
    await expect(page.getByTestId('draw-size')).toHaveText(/^Area: [\d,]+ m² · Perimeter: (\d+ m|\d\.\d\d km)$/);
    const before = await page.getByTestId('draw-size').textContent();
    // The south-east corner dragged 80 px east and 60 px south.
    await page.mouse.move(corners[2][0], corners[2][1]);
    await page.mouse.down();
    await page.mouse.move(corners[2][0] + 40, corners[2][1] + 30, { steps: 4 });
    await page.mouse.move(corners[2][0] + 80, corners[2][1] + 60, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('fence-corners')).toHaveText('Corners: 4');
    await expect(page.getByTestId('draw-size')).not.toHaveText(before!);
    // Panning was not what happened: the view stayed on the vehicle.
    expect(Math.abs((await centreOf(map))[1] - AT.lat)).toBeLessThan(1e-5);
    await page.getByTestId('fence-save').click();
    await expect(page.getByTestId('fence-allocate')).toBeVisible();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const { points } = await apiPost<StoredFence>(page, '/fence/detail', { id });
    expect(points).toHaveLength(4);
    const [nw, ne, se, sw] = points!;
    // Clicked as a rectangle; the moved corner lies 40 % of the width east of the north-east
    // one and half the height south of the south-west one.
    const width = ne[0] - nw[0];
    const height = nw[1] - sw[1];
    expect((se[0] - ne[0]) / width).toBeCloseTo(0.4, 1);
    expect((sw[1] - se[1]) / height).toBeCloseTo(0.5, 1);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a finger moves a polygon corner without panning the map', async ({ page, context }) => {
    // login() waits for the desktop header's user name; the phone's header shows a menu instead.
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, 'agent', '/index/fence/list?view=new');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('fence-kind-polygon').click();
    const map = page.getByTestId('drawing-map');
    await expect(map.locator('canvas[data-testid=shape-editor]')).toHaveCount(1, { timeout: 60_000 });
    // The view has settled on the fleet.
    await expect.poll(async () => (await centreOf(map))[0]).not.toBe(0);
    const box = (await map.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2 + 60];
    const corners: [number, number][] = [[cx - 90, cy - 50], [cx + 80, cy - 60], [cx + 90, cy + 60], [cx - 70, cy + 70]];
    for (const [x, y] of corners) await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(corners[0][0] + 2, corners[0][1] + 1);
    await expect(page.getByTestId('fence-corners')).toHaveText('Corners: 4');
    const size = await page.getByTestId('draw-size').textContent();
    const centre = await centreOf(map);

    // A drag by touch (Playwright's touchscreen only taps): pressed 12 px off the corner, as a
    // finger lands, and moved 60 px.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const [x0, y0] = [corners[2][0] + 12, corners[2][1] + 6];
    await touch('touchStart', x0, y0);
    for (let i = 1; i <= 6; i++) await touch('touchMove', x0 + 10 * i, y0 + 8 * i);
    await touch('touchEnd');

    await expect(page.getByTestId('draw-size')).not.toHaveText(size!);
    await expect(page.getByTestId('fence-corners')).toHaveText('Corners: 4');
    expect(await centreOf(map)).toEqual(centre);
  });
});
