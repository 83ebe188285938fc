import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Brand } from '../../src/domain/brand';
import { submitLogin } from './helpers';

/** Every brand file of config/brands (the default and the demo brands), read as the server does. */
const dir = 'config/brands';
const BRANDS = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Brand);

/** #rrggbb → the rgb() text the browser computes. */
function rgb(hex: string) {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function expectBrandLogin(page: Page, b: Brand) {
  const root = page.getByTestId('login-page');
  await expect(root).toHaveAttribute('data-brand', b.id);
  await expect(root).toHaveAttribute('data-variant', b.loginVariant);
  await expect(page.getByRole('heading', { name: b.title }).first()).toBeVisible();
  await expect(page.locator(`img[src="/brands/${b.logo}"]`).first()).toBeVisible();
  await expect(page.getByTestId('brand-contact')).toContainText(b.contact.company);
  await expect(page).toHaveTitle(b.title);
  // The brand's colour draws the submit button.
  await expect(page.locator('button[type=submit]')).toHaveCSS('background-color', rgb(b.colors.primary));
}

test.describe('brands configured by files', () => {
  test.use({ locale: 'en-US' });

  for (const b of BRANDS.filter((x) => x.id !== 'default')) {
    test(`${b.id}: its login page, logging in under its look, logging out back to it`, async ({ page }) => {
      await page.goto(b.loginPath);
      await expectBrandLogin(page, b);
      await expect(page.getByRole('button', { name: 'Try the demo account' })).toHaveCount(b.trial ? 1 : 0);
      await page.screenshot({ path: `docs/screenshots/brand-${b.id}-login.png` });

      await submitLogin(page, 'agent');
      await expect(page).toHaveURL('/index/home');
      await expect(page.getByTestId('app-brand')).toHaveAttribute('data-brand', b.id);
      await expect(page.getByTestId('app-brand')).toContainText(b.title);

      // A reload keeps the brand the user logged in under.
      await page.reload();
      await expect(page.getByTestId('app-brand')).toHaveAttribute('data-brand', b.id);

      await page.getByTestId('logout-button').click();
      await expect(page).toHaveURL(b.loginPath);
      await expectBrandLogin(page, b);
    });
  }

  test('the default brand at /login, with its own screenshot', async ({ page }) => {
    const b = BRANDS.find((x) => x.id === 'default') as Brand;
    await page.goto('/login');
    await expectBrandLogin(page, b);
    await page.screenshot({ path: 'docs/screenshots/brand-default-login.png' });
  });

  test('a brand path opened after another brand shows that brand', async ({ page }) => {
    const [first, second] = BRANDS.filter((x) => x.id !== 'default');
    await page.goto(first.loginPath);
    await expectBrandLogin(page, first);
    await page.goto(second.loginPath);
    await expectBrandLogin(page, second);
    // /login is the common path: the default brand again.
    await page.goto('/login');
    await expect(page.getByTestId('login-page')).toHaveAttribute('data-brand', 'default');
  });

  test('a host listed by a brand shows that brand at the common /login', async ({ page, baseURL }) => {
    const b = BRANDS.find((x) => x.hosts.some((h) => h.endsWith('.localhost'))) as Brand;
    // *.localhost is the loopback address in Chromium: the same server, another Host header.
    const url = new URL('/login', baseURL);
    url.hostname = b.hosts.find((h) => h.endsWith('.localhost')) as string;
    await page.goto(url.toString());
    await expectBrandLogin(page, b);
  });
});
