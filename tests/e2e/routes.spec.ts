import { expect, test } from '@playwright/test';
import { login, menuPaths } from './helpers';

test.describe('menu per role', () => {
  test('an agent sees monitor, agent and device management, and no factory screens', async ({ page }) => {
    await login(page, 'agent');
    const paths = await menuPaths(page);
    expect(paths).toEqual(
      expect.arrayContaining(['/index/home', '/index/agent/agentList', '/index/device/deviceList']),
    );
    expect(paths.filter((p) => p.startsWith('/test/'))).toEqual([]);
    expect(paths).not.toContain('/index/system/mapKey');
    await expect(page.getByTestId('app-menu').getByText('Customers', { exact: true })).toBeVisible();
  });

  test('an end user does not see agent management', async ({ page }) => {
    await login(page, 'user');
    const paths = await menuPaths(page);
    expect(paths).toContain('/index/home');
    expect(paths.filter((p) => p.startsWith('/index/agent/'))).toEqual([]);
    expect(paths).not.toContain('/index/device/deviceList');
    await expect(page.getByTestId('app-menu').getByText('Customers', { exact: true })).toHaveCount(0);
  });

  const factory = [
    { username: 'test', home: '/test/qc/search' },
    { username: 'log', home: '/test/log/search' },
    { username: 'teststock', home: '/test/stock/importDevice' },
    { username: 'testtransferip', home: '/test/transferIp/transferIp' },
  ];
  for (const f of factory) {
    test(`factory role ${f.username} sees only test screens`, async ({ page }) => {
      await login(page, f.username, f.home);
      const paths = await menuPaths(page);
      expect(paths).toContain(f.home);
      expect(paths.filter((p) => !p.startsWith('/test/'))).toEqual([]);
    });
  }

  test('the stock keeper sees exactly stock and ICCID', async ({ page }) => {
    await login(page, 'teststock', '/test/stock/importDevice');
    expect((await menuPaths(page)).sort()).toEqual(
      [
        '/test/iccid',
        '/test/stock/Removal',
        '/test/stock/importDevice',
        '/test/stock/importImei',
        '/test/stock/stockDevice',
        '/test/stock/records',
      ].sort(),
    );
  });

  test('a menu link opens its screen', async ({ page }) => {
    await login(page, 'agent');
    await page.getByTestId('app-menu').getByText('Devices', { exact: true }).click();
    await page.getByTestId('app-menu').getByRole('link', { name: 'Device list', exact: true }).click();
    await expect(page).toHaveURL('/index/device/deviceList');
    await expect(page.getByTestId('list-deviceList').locator('tbody tr.ant-table-row').first()).toBeVisible();
  });
});

test.describe('route guard', () => {
  test('unknown paths go to /notFound', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/notFound');
    await expect(page.getByText('Page not found')).toBeVisible();
    await login(page, 'agent');
    await page.goto('/index/nothing');
    await expect(page).toHaveURL('/notFound');
  });

  test('pages need a login', async ({ page }) => {
    await page.goto('/index/device/deviceList');
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('a page the user may not open goes to /notFound', async ({ page }) => {
    await login(page, 'user');
    await page.goto('/index/agent/agentList');
    await expect(page).toHaveURL('/notFound');
    await page.goto('/test/qc/search');
    await expect(page).toHaveURL('/notFound');
  });

  test('the public pages open without a login', async ({ page }) => {
    await page.goto('/payResult');
    await expect(page).toHaveURL('/payResult');
    await page.goto('/loginByCert');
    await expect(
      page.getByText('The link must give the device (terminalID) and its password.'),
    ).toBeVisible();
  });
});
