import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, PASSWORD, settled } from './helpers';

// The admin's system settings: mapKey (the monitor follows it without a restart) and demoAccountSet.

const ALL_AREAS = ['monitor', 'track', 'stats', 'alarms', 'fence', 'devices', 'accounts', 'tire', 'cards'];

async function adminCall(request: APIRequestContext, url: string, data: unknown) {
  const token = (
    await (await request.post('/api/login', { data: { username: 'admin', password: PASSWORD } })).json()
  ).data.token;
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
}

test('a GaoDe key saved on the mapKey screen switches the monitor to GaoDe with its security code', async ({
  page,
  request,
}) => {
  // No internet: the AMap script is answered here, and records what the page had set before it loaded.
  const scripts: string[] = [];
  await page.route(/^https:\/\/webapi\.amap\.com\//, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({
      contentType: 'application/javascript',
      body: 'window.__amapSeen = JSON.stringify(window._AMapSecurityConfig || null);',
    });
  });
  try {
    await login(page, 'admin', '/index/system/mapKey');
    const form = page.getByTestId('form-mapKey');
    await expect(form.locator('#gaodeKey')).toBeVisible();
    await form.locator('#gaodeKey').fill('e2e-amap-key');
    await form.locator('#gaodeSecurityCode').fill('e2e-security-code');
    await form.locator('#xyzTemplate').fill('http://127.0.0.1:47999/{z}/{x}/{y}.png');
    await form.locator('#defaultMapType label', { hasText: 'GaoDe' }).click();
    await expect(form.getByRole('radio', { name: 'GaoDe' })).toBeChecked();
    await page.getByTestId('form-submit').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();

    // The test of a key reaches out to the provider: from here it cannot, and says so.
    await page.getByTestId('form-action-test-xyz').click();
    await expect(page.locator('.ant-message-warning')).toContainText('could not be reached', {
      timeout: 30_000,
    });
    // The whole form in one viewport (a full-page capture would cut through the fixed layout).
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.screenshot({ path: 'docs/screenshots/system-mapkey.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Stored: the screen opens with it again.
    await page.reload();
    await expect(form.locator('#gaodeKey')).toHaveValue('e2e-amap-key');

    // The monitor (no map type of the user's own) now asks GaoDe with the new key, no restart.
    await page.goto('/index/home');
    await expect.poll(() => scripts.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(scripts[0]).toContain('key=e2e-amap-key');
    // The script is asked for before it runs: wait until it has run.
    await expect
      .poll(async () => {
        const seen = await page.evaluate(() => (window as unknown as { __amapSeen?: string }).__amapSeen);
        return seen === undefined ? undefined : JSON.parse(seen);
      })
      .toEqual({ securityJsCode: 'e2e-security-code' });
  } finally {
    // Other files expect the seed's settings: no key, the offline basemap.
    await adminCall(request, '/api/system/mapKey/save', {});
  }
});

test('a settings form can be edited only once its stored values are in', async ({ page }) => {
  await login(page, 'admin');
  // The stored values arrive late: a change made to the defaults meanwhile would be overwritten.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/system/demoAccount/get', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/index/system/demoAccountSet');
  const tires = page.getByTestId('form-demoAccountSet').getByRole('checkbox', { name: 'Tires' });
  await expect(tires).toBeDisabled();
  await expect(page.getByTestId('form-submit')).toBeDisabled();
  release();
  await expect(tires).toBeEnabled();
  await expect(tires).toBeChecked();
});

test('demoAccountSet: what the demo may see is saved, and its data can be reset', async ({
  page,
  request,
}) => {
  // The reset seeds a throwaway database first: tens of seconds on a loaded machine.
  test.setTimeout(180_000);
  try {
    await login(page, 'admin', '/index/system/demoAccountSet');
    const form = page.getByTestId('form-demoAccountSet');
    const tires = form.getByRole('checkbox', { name: 'Tires' });
    await expect(tires).toBeChecked();
    await expect(form.getByTestId('account-select')).toContainText('Demo');
    // Not uncheck(): antd's Checkbox.Group copies the form's value into its boxes in an effect, one
    // task after the click, and uncheck() reads the box right after its click (it failed 5 times in 40).
    await tires.click();
    await expect(tires).not.toBeChecked();
    await page.getByTestId('form-submit').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();
    await page.reload();
    await expect(form.getByRole('checkbox', { name: 'Alarms' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Tires' })).not.toBeChecked();

    await page.getByTestId('form-action-reset').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /ok|yes/i })
      .click();
    await expect(page.locator('.ant-message-success')).toContainText('Demo data restored', {
      timeout: 80_000,
    });
    await expect(page.getByTestId('form-action-reset')).not.toHaveClass(/ant-btn-loading/);
    await settled(page.locator('body'));
    await page.screenshot({ path: 'docs/screenshots/system-demo.png' });
  } finally {
    await adminCall(request, '/api/system/demoAccount/save', { userId: 6, areas: ALL_AREAS });
  }
});
