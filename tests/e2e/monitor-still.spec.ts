import { expect, test, type Locator, type Page } from '@playwright/test';
import { as, PASSWORD } from './helpers';
import { connectGt06, findGt06Port } from './monitor-support';

/**
 * Issue 32, "the monitor stays still under the user's hand", in a real browser: the list order the
 * user picks (kept over a reload), rows that do not move under the pointer when a live update
 * would reorder them, a device's burst of alarms in one notice whose types can be muted, notices
 * that never cover a phone's device panel, and the expiry badge's real count of days.
 *
 * The test makes its own agent and four GT06 trackers (the factory passes them, the administrator
 * imports them into the agent's account), so the list holds only these and nothing else moves them.
 */
const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);
const DAY = 86_400_000;
const stamp = String(Date.now()).slice(-10);
const agentName = `e2estill${stamp.slice(-8)}`;
// Imported in this order (ids ascending): names sort otherwise, and only Alpha expires soon.
const CHARLIE = { name: 'Still Charlie', imei: `86${stamp}001` };
const ALPHA = { name: 'Still Alpha', imei: `86${stamp}002` };
const BRAVO = { name: 'Still Bravo', imei: `86${stamp}003` };
const DELTA = { name: 'Still Delta', imei: `86${stamp}004` };
const DEVICES = [CHARLIE, ALPHA, BRAVO, DELTA];
const nameOf = new Map(DEVICES.map((d) => [d.imei, d.name]));
// GT06 alarm codes (server/gateway/gt06/status.ts).
const SOS = 0x01;
const POWER_CUT = 0x02;
const VIBRATION = 0x03;
const OVERSPEED = 0x06;
const AT = { lat: 22.55, lon: 114.06, speed: 0, course: 90 };

test.setTimeout(150_000);

test.beforeAll(async ({ request }) => {
  const { call: admin, id: adminId } = await as(request, 'admin');
  const agent = await admin<{ id: number }>('/user/insertUser', {
    username: agentName,
    password: PASSWORD,
    role: 2,
    parentId: adminId,
    nickname: 'Still Test Agent',
  });
  const { call: qc } = await as(request, 'test');
  for (const d of DEVICES) {
    await qc('/serials/testSerialResult', { terminalID: d.imei, passed: true, deviceType: 'GT06N' });
  }
  const imported = await admin<{ imported: number }>('/device/deviceImport', {
    imeis: DEVICES.map((d) => d.imei).join('\n'),
    importProtocol: 0,
    userId: agent.id,
  });
  expect(imported.imported).toBe(DEVICES.length);
  for (const d of DEVICES) await admin('/device/updateDevice', { terminalID: d.imei, nickname: d.name });
  // Two days ahead: the badge said "Expires in 7 days" (the band's bound) before issue 32.
  await admin('/device/deviceUpdateTime', {
    terminalIDs: [ALPHA.imei],
    platformExpireAt: new Date(Date.now() + 2 * DAY).toISOString(),
  });
});

/** Opens the monitor as the test's agent (its session put where the app keeps it, like login()). */
async function openMonitor(page: Page) {
  await page.goto('/api/public/config');
  const res = await page.request.post('/api/login', { data: { username: agentName, password: PASSWORD } });
  const session = JSON.stringify((await res.json()).data);
  await page.evaluate((s) => sessionStorage.setItem('userInfo', s), session);
  await page.goto('/index/home');
  await expect(page.getByTestId('device-row')).toHaveCount(DEVICES.length, { timeout: 30_000 });
}

/** The rows' device names from top to bottom, as the user sees them. */
const shownNames = (page: Page) =>
  page
    .getByTestId('device-row')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({ imei: r.getAttribute('data-imei') ?? '', top: r.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map((r) => r.imei),
    )
    .then((imeis) => imeis.map((i) => nameOf.get(i)));

const rowOf = (page: Page, d: { imei: string }) =>
  page.locator(`[data-testid=device-row][data-imei="${d.imei}"]`);

async function pickOrder(page: Page, label: string, shot?: string) {
  await page.getByTestId('list-order').click();
  const option = page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: label });
  await expect(option).toBeVisible();
  if (shot) await page.screenshot({ path: shot });
  await option.click();
  await expect(page.getByTestId('list-order')).toContainText(label);
}

/** The bell's unread count (no number shown at 0). */
async function bellCount(page: Page) {
  const n = page
    .locator('.ant-badge')
    .filter({ has: page.getByTestId('alarm-bell') })
    .locator('.ant-scroll-number');
  return (await n.count()) ? Number(await n.getAttribute('title')) : 0;
}

const noticesOf = (page: Page, d: { name: string }) =>
  page.getByTestId('alarm-notice').filter({ has: page.getByTestId('alarm-notice-device').getByText(d.name) });
const lineTypes = (notice: Locator) =>
  notice.getByTestId('alarm-notice-line').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-type')));

function intersect(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the list keeps the order the user picks and holds still under the pointer; a burst of alarms is one notice', async ({
  page,
}) => {
  await openMonitor(page);
  const picker = page.getByTestId('list-order');
  await expect(picker).toContainText('State');

  // Picking an order sorts the list at once.
  await pickOrder(page, 'Name');
  await expect
    .poll(() => shownNames(page))
    .toEqual(['Still Alpha', 'Still Bravo', 'Still Charlie', 'Still Delta']);
  await pickOrder(page, 'Expiry', 'docs/screenshots/monitor-list-order.png');
  await expect
    .poll(() => shownNames(page))
    .toEqual(['Still Alpha', 'Still Charlie', 'Still Bravo', 'Still Delta']);
  // The badge counts the real days left.
  await expect(rowOf(page, ALPHA).getByTestId('expiry-badge')).toHaveText('Expires in 2 days');
  await expect(page.getByTestId('expiry-badge')).toHaveCount(1);

  // The choice survives a reload.
  await page.reload();
  await expect(page.getByTestId('device-row')).toHaveCount(DEVICES.length, { timeout: 30_000 });
  await expect(picker).toContainText('Expiry');
  expect(await shownNames(page)).toEqual(['Still Alpha', 'Still Charlie', 'Still Bravo', 'Still Delta']);

  // By last report: none has reported yet, so they stand in the order they were imported.
  await pickOrder(page, 'Last report');
  await expect
    .poll(() => shownNames(page))
    .toEqual(['Still Charlie', 'Still Alpha', 'Still Bravo', 'Still Delta']);

  // The pointer rests on the first row; Bravo reports and would go to the top.
  const rowsBox = page.getByTestId('device-rows');
  const first = (await rowOf(page, CHARLIE).boundingBox())!;
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  await expect(rowsBox).toHaveAttribute('data-held', 'true');
  const port = await findGt06Port(WEB_PORT, BRAVO.imei);
  const bravo = await connectGt06(port, BRAVO.imei);
  let clock = Date.now() - 120_000;
  bravo.send({ time: new Date(clock), ...AT });
  // Its row shows the news in place, and the new order waits behind "Sort now".
  await expect(rowOf(page, BRAVO).getByTestId('row-state')).not.toHaveText('Not activated');
  await expect(page.getByTestId('sort-now')).toBeVisible();
  expect(await shownNames(page)).toEqual(['Still Charlie', 'Still Alpha', 'Still Bravo', 'Still Delta']);
  expect(await rowOf(page, CHARLIE).boundingBox()).toEqual(first);

  // Asked, the list sorts (and the click on the pill selects no row under it).
  await page.getByTestId('sort-now').click();
  await expect
    .poll(() => shownNames(page))
    .toEqual(['Still Bravo', 'Still Charlie', 'Still Alpha', 'Still Delta']);
  await expect(page.getByTestId('sort-now')).toHaveCount(0);
  await expect(page.getByTestId('device-panel')).toHaveCount(0);

  // Charlie reports while the pointer is still over the list: held again, sorted once it leaves.
  const charlie = await connectGt06(port, CHARLIE.imei);
  charlie.send({ time: new Date(Date.now() - 60_000), ...AT });
  await expect(rowOf(page, CHARLIE).getByTestId('row-state')).not.toHaveText('Not activated');
  await expect(page.getByTestId('sort-now')).toBeVisible();
  expect(await shownNames(page)).toEqual(['Still Bravo', 'Still Charlie', 'Still Alpha', 'Still Delta']);
  const map = (await page.getByTestId('monitor-map').boundingBox())!;
  await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
  await expect
    .poll(() => shownNames(page))
    .toEqual(['Still Charlie', 'Still Bravo', 'Still Alpha', 'Still Delta']);
  charlie.close();

  // With Bravo's panel open, SOS, power cut and vibration at once: one notice listing the three,
  // beside the panel.
  await rowOf(page, BRAVO).click();
  await expect(page.getByTestId('panel-imei')).toHaveText(BRAVO.imei);
  for (const code of [SOS, POWER_CUT, VIBRATION])
    bravo.alarm({ time: new Date((clock += 1000)), ...AT }, code);
  const notice = noticesOf(page, BRAVO);
  await expect(notice.getByTestId('alarm-notice-line')).toHaveCount(3);
  await expect(notice).toHaveCount(1);
  // Kept open while looked at (a notice closes by itself after a few seconds).
  await notice.hover();
  const panel = (await page.getByTestId('device-panel').boundingBox())!;
  expect(intersect((await notice.boundingBox())!, panel)).toBe(false);
  expect(await lineTypes(notice)).toEqual(['sos', 'powerCut', 'vibration']);
  await expect(notice).toContainText('SOS');
  await expect(notice).toContainText('Power cut');
  await expect(notice).toContainText('Vibration');
  await page.screenshot({ path: 'docs/screenshots/monitor-alarm-notice.png' });

  // Vibration muted from the notice: it leaves the notice and pops up no more.
  await notice.getByTestId('alarm-notice-mute').click();
  await page.getByTestId('mute-vibration').click();
  await expect(page.getByText('No more pop-ups for Vibration')).toBeVisible();
  const before = await bellCount(page);
  bravo.alarm({ time: new Date((clock += 1000)), ...AT }, VIBRATION);
  // An overspeed after it, which does pop up: once it shows, the vibration has come too.
  bravo.alarm({ time: new Date((clock += 1000)), ...AT }, OVERSPEED);
  await expect(
    noticesOf(page, BRAVO).locator('[data-testid=alarm-notice-line][data-type=overspeed]'),
  ).toBeVisible();
  await expect(page.locator('[data-testid=alarm-notice-line][data-type=vibration]')).toHaveCount(0);
  // The bell still counts it and lists it among the recent alarms.
  expect(await bellCount(page)).toBeGreaterThanOrEqual(before + 2);
  await page.getByTestId('alarm-bell').click();
  await expect(page.getByTestId('muted-vibration')).toBeVisible();
  const recent = page.locator('.ant-popover .ant-list-item').filter({ hasText: BRAVO.imei });
  await expect(recent.filter({ hasText: 'Vibration' })).toHaveCount(2);
  bravo.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a burst of alarms is one notice, and none covers the open device panel', async ({ page }) => {
    await openMonitor(page);
    await expect(page.getByTestId('monitor-page')).toHaveAttribute('data-layout', 'phone');
    await page.getByTestId('list-order').tap();
    await expect(page.locator('.ant-select-dropdown .ant-select-item-option')).toHaveCount(4);
    await page.screenshot({ path: 'docs/screenshots/mobile-monitor-list-order.png' });
    await page.keyboard.press('Escape');

    const delta = await connectGt06(await findGt06Port(WEB_PORT, DELTA.imei), DELTA.imei);
    let clock = Date.now() - 120_000;
    delta.send({ time: new Date(clock), ...AT });
    for (const code of [SOS, POWER_CUT, VIBRATION])
      delta.alarm({ time: new Date((clock += 1000)), ...AT }, code);
    const notice = noticesOf(page, DELTA);
    await expect(notice.getByTestId('alarm-notice-line')).toHaveCount(3);
    await expect(notice).toHaveCount(1);
    await notice.hover();
    // Whole on the screen, clear of the device list's sheet.
    const n = (await notice.boundingBox())!;
    expect(n.x).toBeGreaterThanOrEqual(0);
    expect(n.x + n.width).toBeLessThanOrEqual(390);
    expect(intersect(n, (await page.getByTestId('device-sheet').boundingBox())!)).toBe(false);
    await page.screenshot({ path: 'docs/screenshots/mobile-monitor-alarm-notice.png' });

    // The notice opens its device's panel; the next burst gives way to it.
    await notice.getByTestId('alarm-notice-open').tap();
    await expect(page.getByTestId('panel-imei')).toHaveText(DELTA.imei);
    const drawer = page
      .locator('.ant-drawer-content-wrapper')
      .filter({ has: page.getByTestId('device-panel') });
    await expect
      .poll(async () => Math.round((await drawer.boundingBox())!.y + (await drawer.boundingBox())!.height))
      .toBe(844);
    const toolbar = (await page.getByTestId('map-toolbar').boundingBox())!;
    for (const code of [SOS, POWER_CUT, VIBRATION])
      delta.alarm({ time: new Date((clock += 1000)), ...AT }, code);
    // They collapse into the bell, which turns red (no button of their own: the toolbar stays put).
    const bell = page.getByTestId('alarm-bell');
    await expect(bell).toHaveAttribute('data-held', '3');
    await expect(bell).toHaveAttribute('title', 'New alarms: 3');
    expect(await page.getByTestId('map-toolbar').boundingBox()).toEqual(toolbar);
    const panel = (await drawer.boundingBox())!;
    for (const shown of await page.locator('.ant-notification-notice').all()) {
      const box = await shown.boundingBox();
      if (box) expect(intersect(box, panel)).toBe(false);
    }
    await page.screenshot({ path: 'docs/screenshots/mobile-monitor-alarm-bell.png' });
    // A tap on it shows them.
    await bell.tap();
    await expect(page.locator('.ant-popover .ant-list-item').filter({ hasText: DELTA.imei })).toHaveCount(6);
    await expect(bell).toHaveAttribute('data-held', '0');
    delta.close();
  });
});
