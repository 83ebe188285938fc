import { rmSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { login, settled } from './helpers';
import { apiPost } from './monitor-support';
import { startServer } from './own-server';

// Issue 32, maps: on a fresh server without a map key and without tile access, the provider box
// of every map screen names what is drawn (never Baidu), the map says once, in the user's
// language, why there are no streets (with the way to get them for an administrator), no
// Satellite is offered, and no request of the page load fails. A server of this file's own: the
// suite's server may hold a key another file saved.

const RUN = Date.now().toString(36);

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A closed port: the server's tile server does not answer, as on a site without internet.
  server = await startServer({ OSM_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
});
test.afterAll(() => {
  server?.stop();
  if (server) rmSync(server.dir, { recursive: true, force: true });
});

const TEXTS = {
  en: {
    locale: 'en-US',
    htmlLang: 'en',
    box: 'Outlines only',
    satellite: 'Satellite',
    notice: 'No street map: only country and province outlines are shown.',
    cause: 'The server cannot reach its street tile server',
    link: 'Map key settings',
  },
  cn: {
    locale: 'zh-CN',
    htmlLang: 'zh-CN',
    box: '仅轮廓图',
    satellite: '卫星',
    notice: '没有街道地图：只显示国家和省份轮廓。',
    cause: '服务器无法连接街道瓦片服务器',
    link: '地图密钥设置',
  },
} as const;

async function pageIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale,
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** Every answer of 400 or more the page receives (the login helper's own API calls are not the page's). */
function watchFailures(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return failed;
}

/** The monitor with its devices drawn and its first requests answered. */
async function openMonitor(page: Page, username: string) {
  await login(page, username);
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-basemap', 'outlines', { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => window.__monitor?.markers ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
}

for (const [lang, text] of Object.entries(TEXTS)) {
  test(`an administrator in ${lang} reads why there are no streets and how to get them, once`, async ({ browser }) => {
    const page = await pageIn(browser, text.locale);
    const failed = watchFailures(page);
    await openMonitor(page, 'admin');
    await expect(page.locator('html')).toHaveAttribute('lang', text.htmlLang);

    const box = page.getByTestId('map-type');
    await expect(box).toHaveText(text.box);
    await expect(box).not.toContainText(/Baidu|百度/);
    // The box offers only what can be drawn here: no keyed provider, no OpenStreetMap.
    await box.click();
    const options = page.locator('.ant-select-item-option');
    await expect(options).toHaveText([text.box]);
    await page.keyboard.press('Escape');
    // Satellite imagery comes only with a keyed provider: without one the switch is not there.
    await expect(page.getByTestId('map-toolbar')).not.toContainText(text.satellite);
    await expect(page.getByTestId('map-variant')).toHaveCount(0);

    const notice = page.getByTestId('map-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toHaveAttribute('data-reason', 'unreachable');
    await expect(notice).toContainText(text.notice);
    await expect(notice).toContainText(text.cause);
    await expect(notice).toContainText('PMTILES_FILE');
    await expect(page.getByTestId('map-notice-link')).toHaveText(text.link);
    await expect(page.getByTestId('map-notice-link')).toHaveAttribute('href', '/index/system/mapKey');

    // No request of the page load failed: no getKey 400 for a key that is not set, no tile 502.
    expect(failed).toEqual([]);

    // Once: closed, it does not come back on a reload or on another map screen of the tab.
    await notice.locator('.ant-alert-close-icon').click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-basemap', 'outlines', { timeout: 30_000 });
    await expect(page.getByTestId('map-type')).toHaveText(text.box);
    await expect(notice).toHaveCount(0);
    await page.goto('/index/track');
    await expect(page.getByTestId('map-type')).toHaveText(text.box);
    await expect(notice).toHaveCount(0);
    expect(failed).toEqual([]);
    await page.context().close();
  });
}

test('an account that is not an administrator gets the short notice, without instructions', async ({ browser }) => {
  const page = await pageIn(browser, 'en-US');
  const failed = watchFailures(page);
  await openMonitor(page, 'agent');
  await expect(page.getByTestId('map-type')).toHaveText('Outlines only');
  const notice = page.getByTestId('map-notice');
  await expect(notice).toHaveText(TEXTS.en.notice);
  await expect(page.getByTestId('map-notice-admin')).toHaveCount(0);
  await expect(notice).not.toContainText('PMTILES_FILE');
  expect(failed).toEqual([]);
  await page.context().close();
});

/** A map screen's box says the outlines are drawn, and its notice why, with the way out. */
async function expectTold(page: Page) {
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-basemap', 'outlines', { timeout: 30_000 });
  await expect(page.getByTestId('map-type')).toHaveText(TEXTS.en.box);
  const notice = page.getByTestId('map-notice');
  await expect(notice).toHaveAttribute('data-reason', 'unreachable');
  await expect(notice).toContainText(TEXTS.en.notice);
  await expect(page.getByTestId('map-notice-link')).toHaveText(TEXTS.en.link);
  await page.waitForLoadState('networkidle');
}

// Every map screen but the monitor (above), once each: fence detail, editor and multi view, the
// area list map and an area editor, the bus-route map and editor, playback. The notice is
// one component whoever reads it: the short one of other accounts is checked on the monitor.
test('every map screen tells admin what is drawn and why there are no streets, and no request fails', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await pageIn(browser, 'en-US');
  const failed = watchFailures(page);
  await login(page, 'admin', '/index/fence/list');
  const fence = await apiPost<{ id: number }>(page, '/geofencing/geofencingCircle', {
    name: `E2E no streets admin ${RUN}`,
    center: { lng: 116.397, lat: 39.909 },
    radius: 500,
  });
  expect(fence.id).toBeGreaterThan(0);
  const screens = [
    `/index/fence/list?view=detail&id=${fence.id}`,
    '/index/fence/multi',
    '/index/riskPoint',
    '/index/checkCar/point?view=new',
    '/index/bus/busLineList',
    '/index/bus/busLineList?view=new',
    '/index/track',
    // Last: the shape editor, looked at on a phone below.
    '/index/fence/list?view=new',
  ];
  for (const path of screens) {
    await page.goto(path);
    await expectTold(page);
    expect(failed, path).toEqual([]);
  }
  await expect(page.getByTestId('drawing-map').getByTestId('map-type')).toBeVisible();
  await settled(page.getByTestId('drawing-map'));
  await page.screenshot({ path: 'docs/screenshots/maps-no-streets-fence-editor.png' });
  // On a phone the instructions wait behind Details: the whole text would cover the drawing.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('map-notice-admin')).toHaveCount(0);
  await expect(page.getByTestId('map-notice')).toContainText(TEXTS.en.notice);
  await page.getByTestId('map-notice-more').click();
  await expect(page.getByTestId('map-notice-admin')).toContainText('PMTILES_FILE');
  await expect(page.getByTestId('map-notice-link')).toHaveText(TEXTS.en.link);
  await page.context().close();
});
