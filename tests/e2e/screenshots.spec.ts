import { expect, test } from '@playwright/test';
import { chooseLanguage, login } from './helpers';

// Pictures of the shell for docs/screenshots (kept in the repository).
const shot = (name: string) => `docs/screenshots/${name}`;

test('login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'FleetGate GPS' })).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('login.png') });
});

test('agent shell', async ({ page }) => {
  await login(page, 'agent');
  await page.getByTestId('app-menu').getByText('Devices', { exact: true }).click();
  await page.getByTestId('app-menu').getByRole('link', { name: 'Device list', exact: true }).click();
  await expect(page.getByTestId('list-deviceList').locator('tbody tr.ant-table-row').nth(5)).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('shell-agent.png') });
});

test('factory shell', async ({ page }) => {
  await login(page, 'test', '/test/qc/search');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('shell-test.png') });
});

test('Chinese shell', async ({ page }) => {
  await login(page, 'agent');
  await chooseLanguage(page, '简体中文');
  await expect(page.getByTestId('logout-button')).toHaveText('退出登录');
  await page.getByTestId('app-menu').getByText('客户管理', { exact: true }).click();
  await page.getByTestId('app-menu').getByRole('link', { name: '客户列表', exact: true }).click();
  await expect(page.getByTestId('agent-tree').getByText('agent', { exact: true }).first()).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('shell-cn.png') });
});
