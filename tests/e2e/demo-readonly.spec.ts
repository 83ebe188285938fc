import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { login, submitLogin } from './helpers';
import { apiPost } from './monitor-support';

/**
 * Issue 32: the demo account is told it is read-only on every page and meets its one refusal
 * text before trying (a banner in the shell, write buttons disabled with the reason); "Mark all
 * read" says what it will do; end-user and factory pages ask nothing they may not (no
 * findAllUserV2, no 4xx); the QC account `test` keeps the language picker.
 */
const en = (ns: string) => JSON.parse(readFileSync(`locales/${ns}.json`, 'utf8'));
const DEMO_REFUSAL = en('en/errors').demoForbidden as string;
const BANNER = en('en/common').demo as { banner: string; short: string };
const PHONE = { width: 390, height: 844 };

test('the demo account sees the read-only banner and disabled write buttons that say why', async ({
  page,
}) => {
  await login(page, 'demo', '/index/alarms');
  await expect(page.getByTestId('demo-banner')).toHaveText(BANNER.banner);
  const markAll = page.getByTestId('toolbar-markAllRead');
  await expect(markAll).toBeDisabled();
  // The explanation comes before any request: hovering the button tells the one refusal text.
  await page.locator('[data-write-blocked]').filter({ has: markAll }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(DEMO_REFUSAL);
  await expect(page.getByTestId('row-markRead').first()).toBeDisabled();
  await page.screenshot({ path: 'docs/screenshots/demo-readonly.png' });

  // The same on a hand-written screen (the account tree) and in My account.
  await page.goto('/index/agent/agentList');
  await expect(page.getByTestId('demo-banner')).toBeVisible();
  await expect(page.getByTestId('account-edit').first()).toBeDisabled();
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-read-only')).toHaveText(DEMO_REFUSAL);

  // Any other account sees neither.
  await login(page, 'agent', '/index/alarms');
  await expect(page.getByTestId('toolbar-markAllRead')).toBeEnabled();
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test('the demo banner is in the header, its tap says the whole', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'demo');
    await expect(page).toHaveURL('/index/home');
    await expect(page.getByTestId('demo-banner')).toHaveText(BANNER.short);
    await page.getByTestId('demo-banner').tap();
    await expect(page.getByRole('tooltip')).toHaveText(BANNER.banner);
    // A disabled write button says why when tapped.
    await page.goto('/index/alarms');
    await expect(page.getByTestId('demo-banner')).toBeVisible();
    const markAll = page.getByTestId('toolbar-markAllRead');
    await expect(markAll).toBeDisabled();
    await page.locator('[data-write-blocked]').filter({ has: markAll }).tap();
    await expect(page.getByRole('tooltip').filter({ hasText: DEMO_REFUSAL })).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/demo-readonly-phone.png' });
  });
});

type Page_ = { list: { type: string }[]; total: number };
const TYPE_NAMES = en('en/count').alarmTypes as Record<string, string>;

test('Mark all read says how many unread alarms of which filters it marks', async ({ page }) => {
  await login(page, 'agent', '/index/alarmsAll');
  const list = page.getByTestId('list-alarmsAll');
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Filter by the alarm type with the most unread alarms (not the sweep's own, which may grow).
  const unread = await apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { read: 'unread', pageSize: 100 });
  const byType = new Map<string, number>();
  for (const a of unread.list) if (a.type !== 'offline') byType.set(a.type, (byType.get(a.type) ?? 0) + 1);
  const [type] = [...byType].sort((a, b) => b[1] - a[1])[0];
  const name = TYPE_NAMES[type];
  await list
    .locator('.ant-select')
    .filter({ has: page.locator('#types') })
    .click();
  await page.locator('#types').fill(name);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: name })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: 'Search' }).click();
  const unreadOfType = () =>
    apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { types: [type], read: 'unread', pageSize: 1 }).then(
      (r) => r.total,
    );
  const before = await unreadOfType();
  expect(before).toBeGreaterThan(0);
  await page.getByTestId('toolbar-markAllRead').click();
  const confirm = page.getByTestId('action-confirm');
  await expect(confirm).toHaveText(/^Unread alarms that will be marked read: \d+$/);
  const after = await unreadOfType();
  // Another test may mark an alarm meanwhile: the shown count lies between the two reads.
  const shown = Number(/(\d+)$/.exec(await confirm.innerText())![1]);
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  await expect(page.getByTestId('action-filters')).toContainText('Alarm types');
  await expect(page.getByTestId('action-filters')).toContainText(name);
  await expect(page.getByTestId('action-ok')).toBeEnabled();
  await page.screenshot({ path: 'docs/screenshots/alarms-mark-all.png' });
  // Nothing is changed: the dialog is left with Cancel.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
});

/** Records the API answers of a page visit: calls of findAllUserV2 and any 4xx. */
async function visit(page: Page, username: string, path: string, ready: string) {
  const calls: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (url.pathname === '/api/user/findAllUserV2' || r.status() >= 400)
      calls.push(`${r.status()} ${url.pathname}`);
  });
  await login(page, username, path);
  await expect(page.getByTestId(ready)).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  return calls;
}

test('an end-user page and a factory page ask nothing they may not (no findAllUserV2, no 4xx) and offer no empty account picker', async ({
  page,
}) => {
  expect(await visit(page, 'user', '/index/alarms', 'list-alarms')).toEqual([]);
  // Nor does it offer an account picker it could only see empty, or "include sub-accounts".
  await expect(page.getByTestId('list-alarms').getByTestId('account-select')).toHaveCount(0);
  await expect(page.getByTestId('list-alarms').locator('#includeSubtree')).toHaveCount(0);
  await expect(page.getByTestId('list-alarms').locator('#terminalIDs')).toBeAttached();
  expect(await visit(page, 'log', '/test/log/search', 'list-logSearch')).toEqual([]);
});

test('the QC account test is not forced to Chinese: it has the language picker', async ({ page }) => {
  await login(page, 'test', '/test/qc/search');
  await expect(page.getByTestId('logout-button')).toHaveText('Log out');
  await expect(page.getByTestId('language-select')).toBeVisible();
});
