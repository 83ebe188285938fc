import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from './helpers';

/**
 * The help pages (issue 16): the app and pc guides with their screenshots, and the interface
 * page that reads the live OpenAPI document and sends requests with the reader's key.
 */
const TEXTS = {
  en: {
    pc: 'Using FleetGate on a computer',
    app: 'Using FleetGate on a phone',
    iface: 'HTTP interface',
    monitor: 'The monitor and the device list',
    request: 'Request',
    response: 'Response',
  },
  cn: {
    pc: '在电脑上使用 FleetGate',
    app: '在手机上使用 FleetGate',
    iface: 'HTTP 接口',
    monitor: '实时监控与设备列表',
    request: '请求',
    response: '返回',
  },
} as const;
type Lng = keyof typeof TEXTS;

const shot = (name: string) => `docs/screenshots/${name}`;

/** Logs in as agent with `lng` as the stored language choice, then opens `path`. */
async function openAs(page: Page, lng: Lng, path: string) {
  await page.addInitScript((l) => localStorage.setItem('useLang', l), lng);
  await login(page, 'agent', path);
}

async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

for (const lng of ['en', 'cn'] as const) {
  for (const kind of ['pc', 'app'] as const) {
    test(`the ${kind} guide in ${lng} shows its sections with screenshots of that language`, async ({
      page,
    }) => {
      await openAs(page, lng, `/index/help/${kind}`);
      await expect(page.getByTestId('help-title')).toHaveText(TEXTS[lng][kind]);
      await expect(page.getByTestId('help-section-monitor').getByRole('heading')).toHaveText(
        TEXTS[lng].monitor,
      );
      const first = page.getByTestId('help-shot').first();
      await expectLoaded(first);
      await expect(first).toHaveAttribute('src', `/help/${kind}/${lng}/login.png`);
      const monitorShot = page.getByTestId('help-section-monitor').getByTestId('help-shot');
      await expectLoaded(monitorShot);
      expect(await page.getByTestId('help-shot').count()).toBe(9);
      if (lng === 'en') {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ animations: 'disabled', path: shot(`help-${kind}.png`) });
      }
    });
  }
}

test('a language without its own screenshots shows the English ones', async ({ page }) => {
  await openAs(page, 'en', '/index/help/pc');
  await page.addInitScript(() => localStorage.setItem('useLang', 'fr'));
  await page.reload();
  await expect(page.getByTestId('help-title')).toHaveText('Utiliser FleetGate sur un ordinateur');
  const first = page.getByTestId('help-shot').first();
  await expect(first).toHaveAttribute('src', '/help/pc/en/login.png');
  await expectLoaded(first);
});

/** Opens one operation of the interface page (found with the search box) and returns its panel. */
async function openOperation(page: Page, id: string) {
  // antd puts the test id on the <input> itself or on its wrapper, depending on the component.
  await page
    .locator('input[data-testid="operation-search"], [data-testid="operation-search"] input')
    .first()
    .fill(id.split(' ')[1]);
  await page.locator(`[data-op="${id}"]`).click();
  const item = page.locator(`.ant-collapse-item:has(> .ant-collapse-header [data-op="${id}"])`);
  await expect(item.getByTestId('operation-view')).toBeVisible();
  return item;
}

for (const lng of ['en', 'cn'] as const) {
  test(`the interface page in ${lng} browses the live document`, async ({ page }) => {
    await openAs(page, lng, '/index/help/interface');
    await expect(page.getByTestId('help-title')).toHaveText(TEXTS[lng].iface);
    // Every operation of the document is listed; the search narrows them down.
    const doc = (await (await page.request.get('/api/docs/json')).json()) as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    const op = await openOperation(page, 'POST /api/apikey/add');
    await expect(page.locator('[data-testid="operation"]')).toHaveCount(1);
    // The request body's fields, then the answer's data fields.
    await expect(op.getByTestId('request-schema')).toContainText('ratePerMinute');
    await op.getByRole('tab', { name: TEXTS[lng].response }).click();
    await expect(op.getByTestId('response-schema-200')).toContainText('secret');
    await expect(op.getByTestId('response-schema-200')).toContainText('string');
  });
}

/** Sends the operation's try-it with `key` in `header` and returns the status shown. */
async function tryIt(op: Locator, key: string, header: 'X-API-Key' | 'Authorization: Bearer' = 'X-API-Key') {
  await op.getByTestId('try-tab').click();
  const panel = op.getByTestId('try-it');
  await panel.getByTestId('try-key-header').click();
  await op.page().locator(`.ant-select-item-option[title="${header}"]`).click();
  await panel.getByTestId('try-key').fill(key);
  await panel.getByTestId('try-send').click();
  await expect(panel.getByTestId('try-status')).toBeVisible();
  return panel;
}

test('try it sends the request from the browser with the reader key only', async ({ page }) => {
  const keyed: string[] = [];
  page.on('request', (req) => {
    const h = req.headers();
    if (h['x-api-key'] || h.authorization?.startsWith('Bearer fgk_')) keyed.push(req.url());
  });
  await openAs(page, 'en', '/index/help/interface');
  const op = await openOperation(page, 'GET /api/v1/devices');

  // No key: the 401 envelope.
  let panel = await tryIt(op, '');
  await expect(panel.getByTestId('try-status')).toContainText('401');
  await expect(panel.getByTestId('try-response')).toContainText('"success": false');

  // A key that is no key: refused, the error envelope shown.
  panel = await tryIt(op, 'fgk_not_a_real_key_0000000000000000');
  await expect(panel.getByTestId('try-status')).toHaveText(/^4\d\d/);
  await expect(panel.getByTestId('try-response')).toContainText('"success": false');

  // A real key of agent, made through the key API with the session token.
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('userInfo') ?? '{}') as { token: string }).token,
  );
  const res = await page.request.post('/api/apikey/add', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'help page e2e' },
  });
  expect(res.status()).toBe(200);
  const good = ((await res.json()) as { data: { secret: string } }).data.secret;
  panel = await tryIt(op, good, 'X-API-Key');
  await expect(panel.getByTestId('try-status')).toContainText('200');
  await expect(panel.getByTestId('try-response')).toContainText('"success": true');
  // The key stays in this tab's sessionStorage, never in localStorage.
  expect(await page.evaluate(() => sessionStorage.getItem('helpApiKey'))).toBe(good);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(good);
  // Requests carrying a key went to this origin only.
  const origin = new URL(page.url()).origin;
  expect(keyed.length).toBeGreaterThan(0);
  for (const url of keyed) expect(url.startsWith(origin)).toBe(true);
  await page.screenshot({ animations: 'disabled', path: shot('help-interface.png') });
});
