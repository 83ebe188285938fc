import { expect, test } from '@playwright/test';
import { ACCOUNTS, PASSWORD, login, loginByForm, logout, submitLogin } from './helpers';

test.describe('login and logout per role', () => {
  // The factory accounts land on their homes and log out in factory-roles.spec.ts.
  for (const account of ACCOUNTS.filter((a) => a.home === '/index/home')) {
    test(`${account.username} lands on ${account.home} and logs out`, async ({ page }) => {
      await loginByForm(page, account.username, account.home);
      if ('name' in account) await expect(page.getByTestId('header-user')).toHaveText(account.name);
      await expect(page.getByTestId('monitor-page')).toBeVisible();
      const session = await page.evaluate(() => sessionStorage.getItem('userInfo'));
      expect(JSON.parse(session ?? '{}').user.username).toBe(account.username);

      await logout(page);
      expect(await page.evaluate(() => sessionStorage.getItem('userInfo'))).toBeNull();
      // The session is gone: the home page asks for a login again.
      await page.goto(account.home);
      await expect(page).toHaveURL('/login');
    });
  }

  test('a superAgent has no home page: the no-permission message', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'superagent');
    await expect(page.getByText('Unauthorized access')).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('login errors', () => {
  test('wrong password: 209', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'agent', 'not-the-password');
    await expect(page.getByText('Wrong user name or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('expired account: 208', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'expired');
    await expect(page.getByText('This account has expired')).toBeVisible();
  });

  // The server answers 201/202 only with LOGIN_CODES=distinct, and 429 after many attempts;
  // the answers are stubbed here to check what the page makes of them.
  const stubbed = [
    { status: 200, code: 201, key: 'usernameError', text: 'User name does not exist' },
    { status: 200, code: 202, key: 'wrongPassword', text: 'Wrong password' },
    {
      status: 429,
      code: 429,
      key: 'tooManyAttempts',
      text: 'Too many login attempts, please try again later',
    },
  ];
  for (const s of stubbed) {
    test(`code ${s.code} reads "${s.text}"`, async ({ page }) => {
      await page.route('**/api/login', (route) =>
        route.fulfill({
          status: s.status,
          json: { meta: { success: false, code: s.code, message: 'x', key: s.key }, data: null },
        }),
      );
      await page.goto('/login');
      await submitLogin(page, 'agent');
      await expect(page.getByText(s.text, { exact: true })).toBeVisible();
    });
  }
});

test.describe('sessions', () => {
  test('an expired session (9902) returns to the login page with the warning', async ({ page }) => {
    await login(page, 'subagent');
    await page.route('**/api/user/checkUserPassword', (route) =>
      route.fulfill({
        status: 401,
        json: { meta: { success: false, code: 401, message: '9902' }, data: null },
      }),
    );
    await page.getByTestId('account-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#oldPassword').fill(PASSWORD);
    await dialog.locator('#password').fill('abcdef1');
    await dialog.locator('#confirm').fill('abcdef1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Login information expired, please log in again')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('userInfo'))).toBeNull();
  });

  test('a logged-in user opening the login page goes to their home page', async ({ page }) => {
    await login(page, 'teststock', '/test/stock/importDevice');
    await page.goto('/login');
    await expect(page).toHaveURL('/test/stock/importDevice');
    await page.goto('/');
    await expect(page).toHaveURL('/test/stock/importDevice');
  });

  test('the session survives a reload (saved in sessionStorage)', async ({ page }) => {
    await login(page, 'agent2');
    await page.goto('/index/agent/agentList');
    await page.reload();
    await expect(page).toHaveURL('/index/agent/agentList');
    await expect(page.getByTestId('header-user')).toBeVisible();
  });
});
