import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';
import { expandFilters, expectTotal, pickAccount, tokenOf } from './device-support';

/**
 * Issue 16's device calls in the browser: a picture uploaded in a device row's panel, a sale to a
 * customer, an IMEI replacement, and the public /_test probe page.
 */
test.describe.configure({ mode: 'serial' });

const shot = (name: string) => `docs/screenshots/${name}`;

interface Row {
  terminalID: string;
  username: string;
}

/** Devices owned by `agent` itself (not its sub-accounts), with a 15-digit IMEI. */
async function agentOwnDevices(page: Page): Promise<Row[]> {
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const res = await page.request.post('/api/device/deviceList', {
    headers,
    data: { includeSubtree: false, pageSize: 100 },
  });
  const list = ((await res.json()) as { data: { list: Row[] } }).data.list;
  return list.filter((r) => r.terminalID.length === 15 && r.username === 'agent');
}

/** Undoes a test's change over the API, so the specs sharing this server see the seed. */
async function putBack(page: Page, url: string, data: object) {
  const res = await page.request.post(url, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data,
  });
  const body = (await res.json()) as { meta: { success: boolean }; data: { failed?: unknown[] } | null };
  expect(body.meta.success).toBe(true);
  expect(body.data?.failed ?? []).toEqual([]);
}

/** The id of the logged-in account itself. */
async function accountId(page: Page, username: string): Promise<number> {
  const raw = await page.evaluate(() => sessionStorage.getItem('userInfo'));
  const user = (JSON.parse(raw ?? '{}') as { user: { id: number; username: string } }).user;
  expect(user.username).toBe(username);
  return user.id;
}

/** Shows one device in the device list by its IMEI. */
async function showDevice(page: Page, terminalID: string) {
  await page.goto('/index/device/deviceList');
  await expandFilters(page);
  await page.locator('#keyword').fill(terminalID);
  await page.getByRole('button', { name: 'Search' }).click();
  await expectTotal(page, 1);
  return page.getByTestId('list-deviceList').locator(`tr[data-row-key="${terminalID}"]`);
}

/** A PNG drawn by the browser: a labelled "installation photo". */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 240;
    const g = c.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 0, 240);
    sky.addColorStop(0, '#7fb3e6');
    sky.addColorStop(1, '#e8f1fb');
    g.fillStyle = sky;
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = '#2f6f3e';
    g.fillRect(0, 170, 320, 70);
    g.fillStyle = '#d9412b';
    g.fillRect(70, 110, 180, 60);
    g.fillStyle = '#333';
    g.beginPath();
    g.arc(110, 175, 18, 0, Math.PI * 2);
    g.arc(215, 175, 18, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 18px sans-serif';
    g.fillText('Tracker under dashboard', 52, 40);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('agent uploads a picture in a device row and sees it', async ({ page }) => {
  await login(page, 'agent');
  const [device] = await agentOwnDevices(page);
  const row = await showDevice(page, device!.terminalID);
  await row.click();
  const panel = page.getByTestId('device-pictures');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('No pictures yet');
  await panel.getByTestId('picture-input').setInputFiles({
    name: 'dashboard.png',
    mimeType: 'image/png',
    buffer: await photo(page),
  });
  await expect(page.getByText('Picture uploaded')).toBeVisible();
  const item = panel.getByTestId('picture-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('dashboard.png');
  const img = item.locator('img');
  await expect(img).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
  // The filters folded away, so the row and its gallery fill the picture.
  await page.getByTestId('filters-toggle').click();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ animations: 'disabled', path: shot('device-pictures.png'), fullPage: true });

  // A text file is refused by the server, whatever its name says.
  await panel.getByTestId('picture-input').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Only JPEG, PNG or WebP pictures can be uploaded')).toBeVisible();
  await expect(item).toHaveCount(1);
});

test('agent sells a device to a customer', async ({ page }) => {
  await login(page, 'agent');
  const device = (await agentOwnDevices(page))[1]!;
  const row = await showDevice(page, device.terminalID);
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('batch-sell').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('action-targets')).toHaveText('1 devices selected');
  await pickAccount(page, dialog.getByTestId('account-select'), 'user');
  await dialog.getByTestId('action-ok').click();
  // The sale shows the device and the customer first (issue 32).
  await expect(page.getByTestId('plan-new-owner')).toContainText('user');
  await page.getByTestId('plan-confirm').click();
  const summary = dialog.getByTestId('batch-summary');
  await expect(summary).toContainText('Succeeded1');
  await expect(summary).toContainText('Failed0');
  await dialog.getByTestId('action-ok').click();
  await expect(
    page.getByTestId('list-deviceList').locator(`tr[data-row-key="${device.terminalID}"]`),
  ).toContainText('user');
  // The server is shared with the other specs: the device goes back to agent.
  await putBack(page, '/api/device/deviceTransform', {
    terminalIDs: [device.terminalID],
    userId: await accountId(page, 'agent'),
  });
});

test('agent replaces the IMEI of a device', async ({ page }) => {
  await login(page, 'agent');
  const device = (await agentOwnDevices(page))[2]!;
  const next = `86${String(Date.now()).slice(-13)}`;
  const row = await showDevice(page, device.terminalID);
  await row.getByTestId('row-replaceImei').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('action-confirm')).toContainText('only the IMEI changes');
  await dialog.locator('#newTerminalID').fill(next);
  await dialog.getByTestId('action-ok').click();
  await expect(dialog).toBeHidden();
  await showDevice(page, next);
  // Other specs know this device by its seeded IMEI: it gets it back.
  await putBack(page, '/api/device/transformDeviceIMEI', {
    terminalID: next,
    newTerminalID: device.terminalID,
  });
});

test('agent sets an OsmAnd key in a device’s edit dialog', async ({ page }) => {
  await login(page, 'agent');
  const device = (await agentOwnDevices(page))[3]!;
  const row = await showDevice(page, device.terminalID);
  await row.getByTestId('row-edit').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#osmandKey').fill('short');
  await dialog.getByTestId('action-ok').click();
  await expect(dialog).toContainText('12 to 64');
  await dialog.locator('#osmandKey').fill('phone-key-0123456789');
  await dialog.screenshot({ path: shot('device-osmand-key.png') });
  await dialog.getByTestId('action-ok').click();
  await expect(dialog).toBeHidden();
  await putBack(page, '/api/device/updateDevice', { terminalID: device.terminalID, osmandKey: '' });
});

test('/_test shows the checks without login', async ({ page }) => {
  await page.goto('/_test');
  await expect(page).toHaveURL(/\/_test$/);
  await expect(page.getByTestId('probe-server')).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
  await expect(page.getByTestId('probe-database')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('probe-bus')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('probe-websocket')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('probe-storage')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('probe-clock')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('probe-table')).toContainText('Map provider Baidu');
  await page.screenshot({ animations: 'disabled', path: shot('probe.png'), fullPage: true });
});
