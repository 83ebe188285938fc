import { expect, test } from '@playwright/test';
import { chooseLanguage, localeOfChunk, login } from './helpers';

test('switching to French loads only the French chunk', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (req) => {
    const lng = localeOfChunk(req.url());
    if (lng) chunks.push(lng);
  });
  // The browser speaks en-US and nothing is stored: English is the initial language.
  await login(page, 'agent');
  expect(chunks).toEqual(['en']);

  await chooseLanguage(page, 'Français');
  await expect(page.getByTestId('logout-button')).toHaveText('Se déconnecter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(chunks).toEqual(['en', 'fr']);
  expect(await page.evaluate(() => localStorage.getItem('useLang'))).toBe('fr');

  // The choice is kept: a reload loads French alone.
  chunks.length = 0;
  await page.reload();
  await expect(page.getByTestId('logout-button')).toHaveText('Se déconnecter');
  expect(chunks).toEqual(['fr']);
});

test('the browser language decides when nothing is stored', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-TW' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('button[type=submit]')).toHaveText(/登\s*录/);
  await context.close();
});

test('an unsupported browser language falls back to the brand language (cn)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await context.close();
});

test('test-group roles work in Chinese whatever was chosen', async ({ page }) => {
  await page.goto('/login');
  await chooseLanguage(page, 'Français');
  await expect(page.locator('button[type=submit]')).toHaveText('Se connecter');
  await login(page, 'testsearch', '/test/transferIp/transferIpResult');
  await expect(page.getByTestId('logout-button')).toHaveText('退出登录');
  // No language switch is offered to them.
  await expect(page.getByTestId('language-select')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('useLang'))).toBe('fr');
  // After logout the stored choice applies again.
  await page.getByTestId('logout-button').click();
  await expect(page.locator('button[type=submit]')).toHaveText('Se connecter');
});

test('the monitor loads the signed-in texts only; another screen brings the screens texts, with no raw key', async ({
  page,
}) => {
  const groups: string[] = [];
  page.on('request', (req) => {
    const m = /\/assets\/locale-en-(app|screens|errors)-[0-9a-f]+\.js$/.exec(new URL(req.url()).pathname);
    if (m) groups.push(m[1]);
  });
  await login(page, 'agent');
  await expect(page.getByTestId('monitor-page')).toBeVisible();
  expect(groups.sort()).toEqual(['app', 'errors']);

  await page.goto('/index/track');
  await expect(page.getByTestId('track-page')).toBeVisible();
  expect(groups).toContain('screens');
  // The playback page's own texts (the track namespace, a screens text) are shown, not their keys.
  await expect(page.getByTestId('track-query-button')).toHaveText('Show tracks');
});
