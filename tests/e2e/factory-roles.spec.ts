import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, login, loginByForm, logout, menuPaths } from './helpers';

/**
 * Role x route in the browser (issue 15): each factory account lands on its home, every screen
 * of the factory menus opens as a built screen (no "being built" notice, no error), and every
 * factory screen outside an account's menu answers "not found".
 */
const FACTORY = ACCOUNTS.filter((a) => a.home.startsWith('/test/'));

/** Client-side navigation, as a menu click does: no page reload per screen. */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectBuilt(page: Page, path: string) {
  await open(page, path);
  await expect(page, path).toHaveURL(path);
  const main = page.locator('main, .ant-layout-content').first();
  await expect(main, path).toBeVisible();
  await expect(page.getByTestId('coming-soon'), `${path} is still being built`).toHaveCount(0);
  await expect(page.locator('.ant-result-error, .ant-result-500'), path).toHaveCount(0);
}

test('each factory account opens exactly the screens its role grants', async ({ page }) => {
  test.setTimeout(FACTORY.length * 60_000);
  const menus = new Map<string, string[]>();
  // A screen is the same component whoever opens it (what each role may read is the API tests'
  // part): each one is opened by the first account whose menu holds it.
  const opened = new Set<string>();
  for (const account of FACTORY) {
    await loginByForm(page, account.username, account.home);
    const paths = await menuPaths(page);
    expect(paths, account.username).toContain(account.home);
    expect(paths.filter((p) => !p.startsWith('/test/')), account.username).toEqual([]);
    for (const path of paths.filter((p) => !opened.has(p))) {
      await expectBuilt(page, path);
      opened.add(path);
    }
    menus.set(account.username, paths);
    await logout(page);
  }
  // Every factory screen some role holds; each account is refused the ones outside its menu.
  const all = [...new Set([...menus.values()].flat())];
  for (const account of FACTORY) {
    const mine = new Set(menus.get(account.username));
    const others = all.filter((p) => !mine.has(p));
    if (others.length === 0) continue;
    await login(page, account.username, account.home);
    // A sample spread over the list keeps the test short; the server test checks every route.
    const step = Math.max(1, Math.floor(others.length / 4));
    for (let i = 0; i < others.length; i += step) {
      await open(page, others[i]);
      await expect(page, `${account.username} ${others[i]}`).toHaveURL('/notFound');
    }
    // The not-found page has no header to log out from: end the session as closing the tab does.
    await page.evaluate(() => sessionStorage.clear());
  }
});
