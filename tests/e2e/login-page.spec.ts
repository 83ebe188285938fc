import { expect, test } from '@playwright/test';
import { PASSWORD, logout } from './helpers';

test('remember password pre-fills the form, without the password in plain text', async ({ page }) => {
  await page.goto('/login');
  await page.locator('#username').fill('subagent');
  await page.locator('#password').fill(PASSWORD);
  await page.getByLabel('Remember password').check();
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL('/index/home');

  const stored = await page.evaluate(() => ({ ...localStorage }));
  const all = Object.values(stored).join('\n');
  expect(stored.rememberedLogin).toBeTruthy();
  expect(all).not.toContain(PASSWORD);

  await logout(page);
  await expect(page.locator('#username')).toHaveValue('subagent');
  await expect(page.locator('#password')).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Remember password')).toBeChecked();

  // Unticking it forgets the credentials at the next login.
  await page.getByLabel('Remember password').uncheck();
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL('/index/home');
  expect(await page.evaluate(() => localStorage.getItem('rememberedLogin'))).toBeNull();
  await logout(page);
  await expect(page.locator('#username')).toHaveValue('');
});

test('the trial button logs in with the demo account', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try the demo account' }).click();
  await expect(page).toHaveURL('/index/home');
  await expect(page.getByTestId('header-user')).toHaveText('Demo');
});

test('the brand draws the page: title, logo and download links', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'FleetGate GPS' })).toBeVisible();
  await expect(page.locator('img[src="/brands/default.svg"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
  await expect(page).toHaveTitle('FleetGate GPS');
});

test('logging in by device id: the drawn password is replaced first, then the monitor opens', async ({ page, request }) => {
  // A device of the seeded fleet (deterministic: server/db/seed/devices.ts), the last one owned,
  // so no other test's device. The seed gives devices no password: its agent resets one.
  const { buildDemoFleet } = await import('../../server/db/seed/devices');
  const device = buildDemoFleet(new Date()).devices.filter((d) => d.userId != null).at(-1)!;
  const login = await request.post('/api/login', { data: { username: 'admin', password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const reset = await request.post('/api/device/resetDevicePassword', {
    data: { terminalIDs: [device.terminalId] },
    headers: { authorization: `Bearer ${token}` },
  });
  const drawn = (await reset.json()).data.passwords[0].password as string;
  await page.goto(`/loginByCert?terminalID=${device.terminalId}&password=${drawn}`);
  const form = page.getByTestId('must-change-password');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('one-time-password')).toHaveCount(0);
  await form.getByTestId('new-password').fill('Van-42-key');
  await form.getByTestId('confirm-password').fill('Van-42-key');
  await form.getByTestId('change-password-save').click();
  await expect(page).toHaveURL('/index/home');
  await expect(page.getByTestId('header-user')).toBeVisible();
});

test('a wrong device password shows why the automatic login failed', async ({ page }) => {
  await page.goto('/loginByCert?terminalID=000000000000000&password=nope');
  const result = page.locator('.ant-result');
  await expect(result.getByText('Automatic login failed')).toBeVisible();
  await expect(result.getByText('Wrong user name or password')).toBeVisible();
});
