import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LocationsV2 } from '../../src/domain/device-locations';
import { login, settled, wheelOver } from './helpers';
import { apiPost } from './monitor-support';

// Drawn fences go into the shared seeded database: names carry the run's time so a re-run
// against the same server never meets its own earlier fences.
const RUN = Date.now().toString(36);
/** A radius as the spec writes it: whole metres under 1,000 m, else km to 2 decimals. */
const RADIUS = /\d+ m|\d+\.\d\d km/;

/** The editor's map, once the offline basemap is up and the editor's canvas is on it. */
async function drawingMap(page: Page) {
  const map = page.getByTestId('drawing-map');
  await expect(map.locator('[data-testid=fleet-map][data-provider=offline]')).toBeVisible({ timeout: 60_000 });
  await expect(map.locator('canvas[data-testid=shape-editor]')).toHaveCount(1);
  await zoomAtLeast(map, 7);
  const box = (await map.boundingBox())!;
  return { map, cx: box.x + box.width / 2, cy: box.y + box.height / 2 + 20 };
}

/**
 * The first view fits the account's fleet, which other tests spread over China (a vehicle in
 * Shenzhen, one in Hangzhou): zoomed in to `min` with the editor's button, a 120 px drag stays
 * well under the 1,000 km limit (some 130 km at zoom 7) whatever the fleet.
 */
async function zoomAtLeast(map: Locator, min: number) {
  const view = map.getByTestId('fleet-map');
  await expect(view).toHaveAttribute('data-zoom', /\d/);
  for (let zoom = Number(await view.getAttribute('data-zoom')); zoom < min; zoom = Number(await view.getAttribute('data-zoom'))) {
    await map.getByTestId('zoom-in').click();
    await expect(view).not.toHaveAttribute('data-zoom', zoom.toFixed(2));
  }
}

async function newFence(page: Page, name: string, kind: 'circle' | 'polygon' | 'rectangle') {
  await page.goto('/index/fence/list');
  await page.getByTestId('fence-add').click();
  await expect(page.getByTestId('fence-editor')).toBeVisible();
  await page.getByTestId('fence-name').fill(name);
  await page.getByTestId(`fence-kind-${kind}`).click();
  // Nothing drawn yet: saving is not offered (spec: a fence must be drawn before proceeding).
  await expect(page.getByTestId('fence-save')).toBeDisabled();
  await expect(page.getByTestId('draw-first')).toBeVisible();
}

async function twoDevices(page: Page): Promise<string[]> {
  const { columns } = await apiPost<LocationsV2>(page, '/device/findDeviceLocationAllV2', {});
  const ids = columns.terminalID.filter((_, i) => columns.lat[i] != null).slice(0, 2);
  expect(ids).toHaveLength(2);
  return ids;
}

test.describe.configure({ mode: 'serial' });

test('draw a circle with a mouse drag, save it, allocate it to two devices, see it in the list and detail; deleting it is refused', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'agent');
  const name = `E2E circle ${RUN}`;
  await newFence(page, name, 'circle');
  const { cx, cy } = await drawingMap(page);

  // Press at the centre, drag 80 px east (the view shows the account's fleet, at zoom 7 or closer:
  // the radius depends on how far apart the vehicles are; tests/e2e/shape-editor.spec.ts checks the scale).
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 40, cy, { steps: 4 });
  await page.mouse.move(cx + 80, cy, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('fence-radius')).toContainText(RADIUS);
  const first = await page.getByTestId('fence-radius').textContent();

  // Drag the radius handle (due east at the rim) further out: the circle grows.
  await page.mouse.move(cx + 80, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 120, cy, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('fence-radius')).not.toHaveText(first!);
  await expect(page.getByTestId('shape-problem')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/fence-draw-circle.png' });

  await page.getByTestId('fence-save').click();
  // A new fence goes on to its allocation.
  await expect(page.getByTestId('fence-allocate')).toBeVisible();
  const devices = await twoDevices(page);
  await page.getByTestId('allocate-by-imei').click();
  await page.getByTestId('allocate-imeis').fill(devices.join('\n'));
  await page.getByTestId('allocate-submit').click();
  const rows = page.getByTestId('allocations').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const d of devices) await expect(page.getByTestId('allocations')).toContainText(d);
  await page.screenshot({ path: 'docs/screenshots/fence-allocate.png' });

  // The list: the fence with its radius in km, two devices.
  await page.goto('/index/fence/list');
  await page.getByTestId('fence-search').fill(name);
  await page.getByTestId('fence-search').press('Enter');
  const row = page.getByTestId('fence-list').locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(RADIUS);
  await expect(row.locator('td').nth(5)).toHaveText('2');

  // Deleting it while allocated: the server's refusal is shown.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Yes/ }).click();
  await expect(page.locator('.ant-message')).toContainText('This fence is still used by devices and cannot be deleted');
  await expect(row).toHaveCount(1);

  // Its detail: the map and both devices.
  await row.getByRole('button', { name: 'Detail' }).click();
  await expect(page.getByTestId('fence-detail')).toBeVisible();
  await expect(page.getByTestId('fence-detail').locator('[data-testid=fleet-map][data-provider=offline]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('allocations').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('fence-summary')).toContainText('Circle');
});

test('draw a polygon click by click, closing it on its first corner, and save it', async ({ page }) => {
  await login(page, 'agent');
  const name = `E2E polygon ${RUN}`;
  await newFence(page, name, 'polygon');
  const { cx, cy } = await drawingMap(page);
  const corners: [number, number][] = [
    [cx - 120, cy - 60],
    [cx + 100, cy - 90],
    [cx + 140, cy + 70],
    [cx - 60, cy + 100],
  ];
  for (const [x, y] of corners) await page.mouse.click(x, y);
  await expect(page.getByTestId('fence-save')).toBeDisabled();
  await page.mouse.click(corners[0][0] + 2, corners[0][1] + 1); // on the first corner: closes
  await expect(page.getByTestId('fence-corners')).toContainText('4');
  await expect(page.getByTestId('fence-save')).toBeEnabled();

  // Drag an edge's middle outwards: a fifth corner.
  await page.mouse.move((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2);
  await page.mouse.down();
  await page.mouse.move(cx - 10, cy - 150, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('fence-corners')).toContainText('5');
  await page.screenshot({ path: 'docs/screenshots/fence-draw-polygon.png' });

  await page.getByTestId('fence-save').click();
  await expect(page.getByTestId('fence-allocate')).toBeVisible();
  const devices = await twoDevices(page);
  await page.getByTestId('allocate-by-imei').click();
  await page.getByTestId('allocate-imeis').fill(devices.join('\n'));
  await page.getByTestId('allocate-submit').click();
  await expect(page.getByTestId('allocations').locator('tbody tr.ant-table-row')).toHaveCount(2);

  await page.goto('/index/fence/list');
  const row = page.getByTestId('fence-list').locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('Polygon');
  await expect(row.locator('td').nth(5)).toHaveText('2');
  await page.screenshot({ path: 'docs/screenshots/fence-list.png' });
});

test('a circle over 1,000 km shows the radius error and is not saved', async ({ page }) => {
  await login(page, 'agent');
  await newFence(page, `E2E too big ${RUN}`, 'circle');
  const { map, cx, cy } = await drawingMap(page);
  // Zoom far out, then drag: a few hundred pixels are thousands of km.
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 14; i++) await wheelOver(page, map.getByTestId('fleet-map'), 600);
  await page.mouse.move(cx - 200, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 200, cy, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId('shape-problem')).toHaveText('The fence radius must be 100 m to 1,000 km');
  await page.getByTestId('fence-save').click();
  await expect(page.locator('.ant-message')).toContainText('The fence radius must be 100 m to 1,000 km');
  await expect(page.getByTestId('fence-editor')).toBeVisible();
});

test('the multi-fence view shows every fence; choosing one shows its detail', async ({ page }) => {
  await login(page, 'agent', '/index/fence/multi');
  await expect(page.getByTestId('fence-multi').locator('[data-testid=fleet-map][data-provider=offline]')).toBeVisible({ timeout: 60_000 });
  const item = page.locator('[data-testid^=multi-fence-]', { hasText: '天安门 500m' });
  await expect(item).toBeVisible();
  await settled(page.getByTestId('fence-multi').getByTestId('fleet-map')); // the fences draw after the fit
  await page.screenshot({ path: 'docs/screenshots/fence-multi.png' });
  await item.click();
  await expect(page.getByTestId('fence-multi-detail')).toContainText('天安门 500m');
  await expect(page.getByTestId('fence-multi-detail')).toContainText('500 m');
});

test('the fences opened for a device (the monitor panel\'s fence action) preselect it for allocation', async ({ page }) => {
  await login(page, 'agent');
  const [device] = await twoDevices(page);
  await page.goto(`/index/fence/list?terminalID=${device}`);
  await expect(page.getByTestId('fence-for-device')).toContainText(device);
  await page.locator('[data-testid^=fence-allocate-]').first().click();
  await expect(page.getByTestId('fence-allocate').getByTestId('device-select')).toContainText(device);
});
