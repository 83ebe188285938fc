import { expect, test, type Page } from '@playwright/test';
import { login, settled } from './helpers';
import { apiPost, connectGt06, findGt06Port, fixStored, ownGt06 } from './monitor-support';

// Areas drawn here go into the shared seeded database: names carry the run's time.
const RUN = Date.now().toString(36);
const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);

/** The editor's map once the offline basemap and the editor's canvas are on it; a point near its middle. */
async function drawingMap(page: Page, canvases = 1) {
  const map = page.getByTestId('drawing-map');
  await expect(map.locator('[data-testid=fleet-map][data-provider=offline]')).toBeVisible();
  await expect(map.locator('canvas[data-testid=shape-editor]')).toHaveCount(canvases);
  const box = (await map.boundingBox())!;
  return { cx: box.x + box.width / 2, cy: box.y + box.height / 2 + 20 };
}

test.describe.configure({ mode: 'serial' });

test('a risk point drawn as a circle with a mouse drag is saved, listed with its radius and shown on the map', async ({ page }) => {
  await login(page, 'agent');
  const name = `E2E risk ${RUN}`;
  await page.goto('/index/riskPoint');
  await expect(page.getByTestId('area-list-risk')).toBeVisible();
  await page.getByTestId('area-add').click();
  await page.getByTestId('area-name').fill(name);
  await expect(page.getByTestId('area-save')).toBeDisabled();
  const { cx, cy } = await drawingMap(page);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 30, cy, { steps: 4 });
  await page.mouse.move(cx + 60, cy, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('area-radius')).toContainText(/\d+ m|\d+\.\d\d km/);
  await page.getByTestId('area-save').click();

  // Back on the list: the new point with its radius in km; the map beside it.
  const list = page.getByTestId('area-list-risk');
  await expect(list).toBeVisible();
  await page.getByTestId('area-search').fill(name);
  await page.getByTestId('area-search').press('Enter');
  const row = list.locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\d+ m|\d+\.\d\d km/);
  await expect(row).toContainText('agent');
  await expect(page.getByTestId('area-map').locator('[data-testid=fleet-map][data-provider=offline]')).toBeVisible();
  // Risk points have no visits.
  await expect(row.getByRole('button', { name: 'Visits' })).toHaveCount(0);
  await settled(page.getByTestId('area-map')); // the fit and the basemap's last layers
  await page.screenshot({ path: 'docs/screenshots/risk-points.png' });
});

test('a check-car area drawn as a polygon is saved and listed; its visits open with their filters', async ({ page }) => {
  await login(page, 'agent');
  const name = `E2E check area ${RUN}`;
  // The vehicles arrive only once the user has begun to draw: the editor's start view must then
  // leave the map alone, or the corners drawn move away from under the pointer.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/device/findDeviceLocationAllV2', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/index/checkCar/area');
  await page.getByTestId('area-add').click();
  await page.getByTestId('area-name').fill(name);
  const { cx, cy } = await drawingMap(page);
  const corners: [number, number][] = [
    [cx - 110, cy - 60],
    [cx + 90, cy - 80],
    [cx + 120, cy + 60],
    [cx - 50, cy + 90],
  ];
  for (const [x, y] of corners) await page.mouse.click(x, y);
  await expect(page.getByTestId('area-save')).toBeDisabled();
  release();
  await expect(page.getByTestId('drawing-map')).toHaveAttribute('data-markers', /^[1-9]/);
  await page.mouse.click(corners[0][0] + 2, corners[0][1] + 1); // on the first corner: closes
  await expect(page.getByTestId('area-corners')).toContainText('4');
  await expect(page.getByTestId('shape-problem')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/check-car-area.png' });
  await page.getByTestId('area-save').click();

  const list = page.getByTestId('area-list-checkArea');
  await page.getByTestId('area-search').fill(name);
  await page.getByTestId('area-search').press('Enter');
  const row = list.locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('4');

  // Its visits: none yet (no vehicle has been there), the columns and the empty table.
  await row.getByRole('button', { name: 'Visits' }).click();
  const visits = page.getByTestId('area-visits');
  await expect(visits).toContainText(`Visits to ${name}`);
  for (const h of ['Vehicle', 'IMEI', 'Arrival', 'Departure', 'Duration']) await expect(visits.locator('thead')).toContainText(h);
  await expect(visits.locator('.ant-empty')).toBeVisible();
  await page.getByTestId('visits-back').click();
  await expect(list).toBeVisible();
});

test('a visit to a check-car point by a GT06 tracker is listed with its duration and exported as xlsx', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'agent');
  // A place of its own, far from the other browser tests' fences (Qingyuan, Guangdong).
  const center = { lat: 23.7, lon: 113.03 };
  const north = (km: number) => ({ lat: center.lat + km * 0.009, lon: center.lon });
  const name = `E2E gate ${RUN}`;
  const point = await apiPost<{ id: number }>(page, '/checkCar/point/add', {
    name,
    center: { lng: center.lon, lat: center.lat },
    radius: 300,
  });
  expect(point.id).toBeGreaterThan(0);
  const imei = await ownGt06(page);
  const tracker = await connectGt06(await findGt06Port(WEB_PORT, imei), imei);
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
  try {
    // Outside, inside for two minutes, outside again: one finished visit.
    tracker.send({ time: new Date(t0), ...north(5), speed: 40, course: 180 });
    await fixStored(page, imei, new Date(t0));
    tracker.send({ time: new Date(t0 + 60_000), ...north(0), speed: 10, course: 180 });
    await fixStored(page, imei, new Date(t0 + 60_000));
    tracker.send({ time: new Date(t0 + 180_000), ...north(5), speed: 40, course: 0 });
    await expect
      .poll(async () => (await apiPost<{ total: number }>(page, '/checkCar/visits', { fenceId: point.id })).total, { timeout: 30_000 })
      .toBe(1);
  } finally {
    tracker.close();
  }

  await page.goto('/index/checkCar/point');
  await page.getByTestId('area-search').fill(name);
  await page.getByTestId('area-search').press('Enter');
  await page.getByTestId(`area-visits-${point.id}`).click();
  const visits = page.getByTestId('area-visits');
  const row = visits.locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(imei);
  await expect(row).toContainText('0:02:00');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('a bus route with a drawn line, two stops and one vehicle is saved and listed; its arrivals open', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'agent');
  const name = `E2E line ${RUN}`;
  await page.goto('/index/bus/busLineList');
  await expect(page.getByTestId('bus-list')).toBeVisible();
  await page.getByTestId('bus-add').click();
  await expect(page.getByTestId('bus-editor')).toBeVisible();
  await page.getByTestId('bus-name').fill(name);

  // One vehicle, chosen by typing in the device select.
  await page.getByTestId('device-select').click();
  const option = page.locator('.ant-select-dropdown .ant-select-item-option').first();
  await expect(option).toBeVisible();
  const vehicle = (await option.textContent())!.replace(/\s*\(.*$/, '');
  await option.click();
  await page.keyboard.press('Escape');

  // The line: three clicks, then the last point again to finish.
  const { cx, cy } = await drawingMap(page);
  const pts: [number, number][] = [
    [cx - 150, cy + 60],
    [cx, cy - 30],
    [cx + 150, cy + 40],
  ];
  for (const [x, y] of pts) await page.mouse.click(x, y);
  await page.mouse.click(pts[2][0] + 1, pts[2][1]);
  await expect(page.getByTestId('bus-line-points')).toContainText('3');
  await expect(page.getByTestId('bus-save')).toBeDisabled();

  // A finished line leads on to stops: a click each, near the line's ends.
  await expect(page.getByTestId('bus-hint')).toHaveText('Click the map to add the next stop; drag a stop to move it.');
  await page.mouse.click(pts[0][0] + 20, pts[0][1] - 10);
  await expect(page.getByTestId('stop-0')).toBeVisible();
  await page.mouse.click(pts[2][0] - 20, pts[2][1] - 10);
  await expect(page.getByTestId('stop-1')).toBeVisible();
  await page.getByTestId('stop-name-0').fill('North gate');
  await page.getByTestId('stop-name-1').fill('Depot');
  await expect(page.getByTestId('bus-problem')).toHaveCount(0);
  await settled(page.getByTestId('fleet-map'));
  await page.screenshot({ path: 'docs/screenshots/bus-route-edit.png' });
  await page.getByTestId('bus-save').click();

  const list = page.getByTestId('bus-list');
  const row = list.locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('2');
  await expect(row).toContainText(vehicle);

  // Saved as drawn (through the API the list reads).
  const routes = await page.evaluate(async () => {
    const token = JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').token as string;
    const res = await fetch('/api/bus/busRoutesList?pageNum=1&pageSize=100', { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()).data.list as { name: string; line: unknown[]; stops: { name: string }[]; devices: unknown[] }[];
  });
  const saved = routes.find((r) => r.name === name)!;
  expect(saved.line).toHaveLength(3);
  expect(saved.stops.map((s) => s.name)).toEqual(['North gate', 'Depot']);
  expect(saved.devices).toHaveLength(1);

  // Its stop arrivals: none yet; the columns and the empty table.
  await row.getByRole('button', { name: 'Arrivals' }).click();
  const arrivals = page.getByTestId('bus-arrivals');
  for (const h of ['Vehicle', 'IMEI', 'Stop', 'Arrival', 'Departure']) await expect(arrivals.locator('thead')).toContainText(h);
  await expect(arrivals.locator('.ant-empty')).toBeVisible();
});

test('the demo account sees the lists without write buttons', async ({ page }) => {
  await login(page, 'demo', '/index/checkCar/point');
  await expect(page.getByTestId('area-list-checkPoint')).toBeVisible();
  await expect(page.getByTestId('area-add')).toHaveCount(0);
  await page.goto('/index/bus/busLineList');
  await expect(page.getByTestId('bus-list')).toBeVisible();
  await expect(page.getByTestId('bus-add')).toHaveCount(0);
});
