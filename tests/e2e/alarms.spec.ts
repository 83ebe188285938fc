import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { chooseLanguage, login } from './helpers';
import { apiPost } from './monitor-support';

/**
 * The alarm screens (/index/alarms unread, /index/alarmsAll every alarm) over the seed's alarms
 * of agent's tree: filter by type, mark one read (it leaves the unread list and shows read in
 * the full list), export an xlsx of the filtered rows; the monitor bell counts the server's
 * unread alarms and links to the list.
 */
type Alarm = { id: number; type: string; terminalID: string; read: boolean };
type Page_ = { list: Alarm[]; total: number };
/** The English names of the alarm types, as the screens show them. */
const TYPE_NAMES = (
  JSON.parse(readFileSync('locales/en/count.json', 'utf8')) as { alarmTypes: Record<string, string> }
).alarmTypes;

const list = (page: Page, name: string) => page.getByTestId(`list-${name}`);
const rows = (page: Page, name: string) => list(page, name).locator('tbody tr.ant-table-row');

async function open(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(rows(page, name).first()).toBeVisible();
}

/** Picks alarm types in the filter form (by their shown names) and searches. */
async function filterByType(page: Page, name: string, label: string) {
  const select = list(page, name)
    .locator('.ant-select')
    .filter({ has: page.locator('#types') });
  await select.click();
  await page.locator('#types').fill(label);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await list(page, name).getByRole('button', { name: 'Search' }).click();
}

test('agent filters unread alarms, marks one read, finds it read in all alarms and exports', async ({
  page,
}) => {
  await login(page, 'agent');
  const unread = await apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { read: 'unread', pageSize: 100 });
  expect(unread.total).toBeGreaterThan(0);
  await open(page, '/index/alarms', 'alarms');
  // Unread only, each drawn stronger.
  // The offline sweep may add alarms while the page loads: the shown total lies between.
  const shownTotal = async (name: string) =>
    Number(/(\d+)/.exec(await list(page, name).locator('.ant-pagination-total-text').innerText())?.[1]);
  const totalAfter = (await apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { read: 'unread' })).total;
  expect(await shownTotal('alarms')).toBeGreaterThanOrEqual(unread.total);
  expect(await shownTotal('alarms')).toBeLessThanOrEqual(totalAfter);
  const shownRows = await rows(page, 'alarms').count();
  expect(shownRows).toBe(Math.min(15, await shownTotal('alarms')));
  await expect(rows(page, 'alarms').locator(':scope[data-emphasized="true"]')).toHaveCount(shownRows);
  await page.screenshot({ path: 'docs/screenshots/alarms-unread.png', fullPage: true });

  // Filter by the type of the newest unread alarm the sweep does not raise and that has another
  // unread alarm of its type (an empty list after marking shows no total to read), by its name.
  const typeCount = (type: string) => unread.list.filter((a) => a.type === type).length;
  const first = unread.list.find((a) => a.type !== 'offline' && typeCount(a.type) > 1)!;
  const typeName = TYPE_NAMES[first.type];
  await filterByType(page, 'alarms', typeName);
  const ofType = typeCount(first.type);
  await expect(list(page, 'alarms').getByText(`${ofType} in all`)).toBeVisible();
  for (const text of await rows(page, 'alarms').locator('td:nth-child(3)').allInnerTexts())
    expect(text.trim()).toBe(typeName);

  // Mark it read: it leaves the unread list.
  const row = list(page, 'alarms').locator(`tr[data-row-key="${first.id}"]`);
  await row.getByTestId('row-markRead').click();
  await expect(row).toHaveCount(0);
  await expect(list(page, 'alarms').getByText(`${ofType - 1} in all`)).toBeVisible();

  // All alarms: it is there, read, drawn like the others.
  await open(page, '/index/alarmsAll', 'alarmsAll');
  await filterByType(page, 'alarmsAll', typeName);
  const readRow = list(page, 'alarmsAll').locator(`tr[data-row-key="${first.id}"]`);
  await expect(readRow).toBeVisible();
  await expect(readRow).toContainText('Read');
  await expect(readRow).not.toHaveAttribute('data-emphasized', 'true');
  await expect(readRow.getByTestId('row-markUnread')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/alarms-all.png', fullPage: true });

  // The export is an xlsx of the filtered rows.
  const total = (await apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { types: [first.type] })).total;
  await page.getByTestId('export-button').click();
  const downloading = page.waitForEvent('download');
  await page.getByText('Excel (xlsx)').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^alarms-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  expect(sheet.rowCount).toBe(total + 1);
  const types = new Set<string>();
  const imeis = new Set<string>();
  sheet.eachRow((r, i) => {
    if (i === 1) return;
    imeis.add(String(r.getCell(1).value));
    types.add(String(r.getCell(3).value));
  });
  expect([...types]).toEqual([typeName]);
  expect(imeis.has(first.terminalID)).toBe(true);
});

test('the monitor bell counts the unread alarms of the server and links to the list', async ({ page }) => {
  await login(page, 'agent');
  await expect(page.getByTestId('monitor-page')).toBeVisible();
  const { total } = await apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { read: 'unread', pageSize: 1 });
  const badge = page.locator('.ant-badge').filter({ has: page.getByTestId('alarm-bell') });
  // Compared with the server's total as it is then (the offline sweep may add alarms).
  const bellMatches = async () => {
    const now = await apiPost<Page_>(page, '/deviceAlarms/findAllAlarm', { read: 'unread', pageSize: 1 });
    expect(await badge.locator('.ant-scroll-number').getAttribute('title')).toBe(String(now.total));
  };
  await expect(bellMatches).toPass();
  expect(total).toBeGreaterThan(0);
  await page.getByTestId('alarm-bell').click();
  await page.getByTestId('alarm-bell-all').click();
  await expect(page).toHaveURL('/index/alarms');
  await expect(rows(page, 'alarms').first()).toBeVisible();

  // Mark one read here; the monitor opened again counts one less.
  const marked = (await rows(page, 'alarms').first().getAttribute('data-row-key'))!;
  await rows(page, 'alarms').first().getByTestId('row-markRead').click();
  await expect(list(page, 'alarms').locator(`tr[data-row-key="${marked}"]`)).toHaveCount(0);
  await page.goto('/index/home');
  await expect(bellMatches).toPass();
});

test('the alarm list in Chinese', async ({ page }) => {
  await login(page, 'agent');
  await chooseLanguage(page, '简体中文');
  await expect(page.getByTestId('logout-button')).toHaveText('退出登录');
  await open(page, '/index/alarms', 'alarms');
  await expect(list(page, 'alarms').locator('thead')).toContainText('报警类型');
  await expect(list(page, 'alarms').locator('tbody')).toContainText('未读');
  await page.screenshot({ path: test.info().outputPath('alarms-cn.png'), fullPage: true });
});
