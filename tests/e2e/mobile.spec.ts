import { expect, test, type Locator, type Page } from '@playwright/test';
import { submitLogin } from './helpers';
import { apiPost } from './monitor-support';

/**
 * Phone (390×844) and tablet (768×1024) layouts (issue 18 item 3; the PWA is in pwa.spec.ts,
 * docs/mobile.md). Screenshots go to docs/screenshots/mobile-*.png and tablet-*.png.
 */
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const SHOTS = 'docs/screenshots';
/** The smallest touch target of Apple's and Google's guidelines, in CSS pixels. */
const TOUCH = 44;

/** Logs in on a phone, where the header shows the user menu instead of the user's name. */
async function phoneLogin(page: Page, username = 'agent') {
  await page.goto('/login');
  await submitLogin(page, username);
  await expect(page).toHaveURL('/index/home');
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

async function boxOf(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/** The whole element lies inside the viewport, and it is big enough for a thumb. */
async function expectThumbReachable(page: Page, l: Locator) {
  const b = await boxOf(l);
  const vp = page.viewportSize()!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(vp.width + 0.5);
  expect(b.y + b.height).toBeLessThanOrEqual(vp.height + 0.5);
  expect(b.height).toBeGreaterThanOrEqual(TOUCH - 0.5);
}

/** The monitor's map has drawn its markers (published by src/pages/monitor/benchHooks.ts). */
async function markersDrawn(page: Page) {
  await page.waitForFunction(() => (window.__monitor?.markers ?? 0) > 0, undefined, { timeout: 30_000 });
}

/** Waits until a sliding drawer or sheet stands still, so it is measured and pictured in place. */
async function settled(page: Page, l: Locator) {
  await expect
    .poll(async () => {
      const a = await boxOf(l);
      await page.waitForTimeout(150);
      const b = await boxOf(l);
      return Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.height - b.height);
    })
    .toBe(0);
}

/** Nothing sticks out sideways: the page never scrolls horizontally. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('phone 390×844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the side menu is hidden and opens as a drawer from the header', async ({ page }) => {
    await phoneLogin(page);
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    await expect(page.getByTestId('app-menu')).toBeHidden();
    await expectThumbReachable(page, page.getByTestId('menu-toggle'));
    await expectThumbReachable(page, page.getByTestId('user-menu'));
    await expectNoSidewaysScroll(page);

    await page.getByTestId('menu-toggle').tap();
    const drawer = page.locator('.ant-drawer-content').filter({ has: page.getByTestId('app-menu') });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Track playback' })).toBeVisible();
    await settled(page, drawer);
    expect((await boxOf(drawer)).x).toBe(0);
    await page.screenshot({ path: `${SHOTS}/mobile-menu.png` });

    // Choosing a page closes the drawer.
    await drawer.getByRole('link', { name: 'Track playback' }).tap();
    await expect(page).toHaveURL('/index/track');
    await expect(page.getByTestId('app-menu')).toBeHidden();

    // Account and logout are in the user menu.
    await page.getByTestId('user-menu').tap();
    await expect(page.getByRole('menuitem', { name: 'My account' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).tap();
    await expect(page).toHaveURL('/login');
  });

  test('the monitor: full-screen map, device list as a bottom sheet, panel as a drawer', async ({ page }) => {
    await phoneLogin(page);
    const map = page.getByTestId('monitor-map');
    const sheet = page.getByTestId('device-sheet');
    await expect(page.getByTestId('monitor-page')).toHaveAttribute('data-layout', 'phone');
    await expect(page.getByTestId('device-row').first()).toBeAttached();

    // The map spans the screen below the header; the sheet only peeks (counts and search).
    const m = await boxOf(map);
    expect(m.x).toBe(0);
    expect(m.width).toBe(PHONE.width);
    expect(m.y).toBeLessThanOrEqual(56);
    expect(m.y + m.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    await expect(sheet).toHaveAttribute('data-state', 'peek');
    const peek = await boxOf(sheet);
    expect(peek.height).toBeLessThan(PHONE.height * 0.25);
    await expect(page.getByTestId('count-all')).toBeInViewport();
    await expect(page.getByTestId('device-search')).toBeInViewport();
    await expectNoSidewaysScroll(page);
    // Every button of the map toolbar is a thumb-sized target.
    const buttons = page.getByTestId('map-toolbar').locator('button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(5);
    for (const b of await buttons.all()) await expectThumbReachable(page, b);
    await markersDrawn(page);
    await page.screenshot({ path: `${SHOTS}/mobile-monitor.png` });

    // A tap on the handle expands the sheet to about 85 % of the map.
    await page.getByTestId('sheet-handle').tap();
    await expect(sheet).toHaveAttribute('data-state', 'full');
    await expect.poll(async () => (await boxOf(sheet)).height).toBeGreaterThan(m.height * 0.8);
    await expect(page.getByTestId('device-row').nth(5)).toBeInViewport();
    await settled(page, sheet);
    await page.screenshot({ path: `${SHOTS}/mobile-monitor-list.png` });

    // A drag down collapses it again; a drag up expands it.
    const drag = async (dy: number) => {
      const h = await boxOf(page.getByTestId('sheet-handle'));
      const x = h.x + h.width / 2;
      const y = h.y + h.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 5; i++) await page.mouse.move(x, y + (dy * i) / 5);
      await page.mouse.up();
    };
    await drag(300);
    await expect(sheet).toHaveAttribute('data-state', 'peek');
    // Settled (the sheet eases into place) before the handle is grabbed again.
    await expect.poll(async () => (await boxOf(sheet)).height).toBeLessThan(peek.height + 1);
    await drag(-300);
    await expect(sheet).toHaveAttribute('data-state', 'full');

    // Choosing a device collapses the sheet and opens its panel in a drawer over the map.
    const row = page.getByTestId('device-row').first();
    const imei = await row.getAttribute('data-imei');
    await row.tap();
    await expect(sheet).toHaveAttribute('data-state', 'peek');
    const panel = page.getByTestId('device-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('panel-imei')).toHaveText(imei!);
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ has: panel });
    await expect(drawer).toBeVisible();
    // Slid in: full width at the bottom of the screen, the map still showing above it.
    await expect
      .poll(async () => Math.round((await boxOf(drawer)).y + (await boxOf(drawer)).height))
      .toBe(PHONE.height);
    const p = await boxOf(drawer);
    expect(p.width).toBe(PHONE.width);
    expect(p.y).toBeGreaterThan(PHONE.height * 0.4);
    await expectThumbReachable(page, page.getByTestId('panel-close'));
    await page.screenshot({ path: `${SHOTS}/mobile-monitor-panel.png` });
    await page.getByTestId('panel-close').tap();
    await expect(panel).toBeHidden();
  });

  test('playback: map on top, player bar at the bottom, the query in a drawer', async ({ page }) => {
    await phoneLogin(page);
    await page.goto('/index/track');
    await expect(page.getByTestId('track-page')).toHaveAttribute('data-layout', 'phone');
    // Measured and pictured once the map chunk has loaded.
    await expect(page.getByTestId('map-loading')).toHaveCount(0);
    const map = await boxOf(page.getByTestId('track-map'));
    expect(map.y).toBeLessThanOrEqual(56);
    expect(map.width).toBe(PHONE.width);
    expect(map.height).toBeGreaterThan(PHONE.height * 0.4);
    // The player bar is at the bottom of the screen, where the thumb is.
    const bar = await boxOf(page.getByTestId('player-bar'));
    expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 80);
    for (const id of ['player-back', 'player-play', 'player-forward', 'query-toggle'])
      await expectThumbReachable(page, page.getByTestId(id));
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/mobile-track.png` });

    await page.getByTestId('query-toggle').tap();
    await expect(page.getByTestId('track-devices')).toBeVisible();
    // Measured once the drawer has slid in.
    const query = page.getByTestId('track-query-button');
    await expect
      .poll(async () => (await boxOf(query)).y + (await boxOf(query)).height)
      .toBeLessThan(PHONE.height);
    await expectThumbReachable(page, query);
    await page.screenshot({ path: `${SHOTS}/mobile-track-query.png` });
  });

  test('the command console and the alarm list are usable with a thumb', async ({ page }) => {
    await phoneLogin(page);
    const list = await apiPost<{ terminalID: string; deviceType: string }[]>(
      page,
      '/device/findDeviceLocationAll',
      {},
    );
    const d = list.find((x) => x.deviceType === 'JM-VL01') ?? list[0];
    await page.goto(`/index/directive?terminalID=${d.terminalID}`);
    await expect(page.getByTestId('directive-device')).toBeVisible();
    await expectNoSidewaysScroll(page);
    const send = page.getByTestId('command-send');
    await send.scrollIntoViewIfNeeded();
    await expectThumbReachable(page, send);
    await page.screenshot({ path: `${SHOTS}/mobile-command.png`, fullPage: true });

    await page.goto('/index/alarms');
    const filters = page.getByTestId('filters-open');
    await expectThumbReachable(page, filters);
    // The filters live in a drawer; the table scrolls sideways inside its card, not the page.
    await filters.tap();
    await expect(page.getByTestId('filters-drawer')).toBeVisible();
    await settled(page, page.locator('.ant-drawer-open .ant-drawer-content-wrapper'));
    await page.screenshot({ path: `${SHOTS}/mobile-alarms-filters.png` });
    await page.locator('.ant-drawer-mask').tap({ position: { x: 10, y: 10 } });
    await expect(page.getByTestId('filters-drawer')).toBeHidden();
    await expectNoSidewaysScroll(page);
    const markRead = page.getByTestId('row-markRead').first();
    await expect(markRead).toBeVisible();
    await expectThumbReachable(page, markRead);
    await page.screenshot({ path: `${SHOTS}/mobile-alarms.png` });
  });

  test('a statistics screen puts its query form above the results, within the width', async ({ page }) => {
    await phoneLogin(page);
    await page.goto('/index/count/countAlarms');
    await expect(page.getByTestId('range-shortcuts')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Every range choice lies inside the screen (they wrap rather than run off the card).
    for (const choice of await page.getByTestId('range-shortcuts').locator('label').all()) {
      const b = await boxOf(choice);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectThumbReachable(page, page.getByTestId('report-search'));
    await page.screenshot({ path: `${SHOTS}/mobile-stats.png` });
  });
});

test.describe('tablet 768×1024', () => {
  test.use({ viewport: TABLET, hasTouch: true });

  test('collapsed icon menu, monitor and playback fit the width', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'agent');
    await expect(page).toHaveURL('/index/home');
    await expect(page.locator('.ant-layout-sider-collapsed')).toBeVisible();
    await expect(page.getByTestId('header-user')).toBeVisible();
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    const list = await boxOf(page.getByTestId('device-list'));
    const map = await boxOf(page.getByTestId('monitor-map'));
    expect(map.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
    expect(map.x + map.width).toBeLessThanOrEqual(TABLET.width);
    expect(map.width).toBeGreaterThan(TABLET.width * 0.4);
    await markersDrawn(page);
    await page.screenshot({ path: `${SHOTS}/tablet-monitor.png` });

    await page.goto('/index/track');
    await expect(page.getByTestId('player-bar')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/tablet-track.png` });
  });
});
