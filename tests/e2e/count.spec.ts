import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { SEED_USER_IDS } from '../../server/db/seed/accounts';
import { exportRangeDays } from '../../src/domain/track/statistics';
import { login, settled } from './helpers';
import { apiPost } from './monitor-support';

/**
 * The statistics screens (/index/count/*) over the seeded 90 days of history of agent's tree:
 * each shows the rows of its report call, draws its chart, and exports an xlsx that reads back
 * with the table's columns and every row of the request. Mileage, alarms, stays and the export
 * are agent's; track info, expiry and battery are admin-only in the role matrix.
 */
type Answer = { list: Record<string, unknown>[]; total: number } & Record<string, unknown>;

const week = () => exportRangeDays('week', Date.now());
const table = (page: Page) => page.getByTestId('report-table');
const bodyRows = (page: Page) => table(page).locator('tbody tr.ant-table-row');

async function open(page: Page, user: 'agent' | 'admin', path: string) {
  await login(page, user, path);
  await expect(table(page)).toBeVisible();
}

/** Texts of the table's header and of its first rows. */
async function shown(page: Page) {
  const headers = await table(page).locator('thead th').allInnerTexts();
  const rows = await bodyRows(page).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  );
  return { headers: headers.map((h) => h.trim()), rows };
}

/** The chart is drawn: G2 puts a canvas into the chart card. */
async function expectChart(page: Page) {
  const canvas = page.getByTestId('report-chart').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  expect(box!.height).toBeGreaterThan(150);
}

/** Clicks the export and reads the xlsx back: header row, then the body rows as text. */
async function exported(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const values = (wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) =>
    r.slice(1).map((c) => (c == null ? '' : String(c))),
  );
  return { header: values[0], body: values.slice(1) };
}

/**
 * The export holds the shown columns and every row of the request, the first one as on screen.
 * Other files' trackers add rows to the seeded accounts while this one runs: the export is read
 * between two reads of the same request (`total` before, `recount` after, its body made distinct
 * with pageNum so the server's shared answers do not hand back the first), so its row count lies
 * between theirs.
 */
async function expectExportMatches(page: Page, total: number, recount: () => Promise<Answer>) {
  const { headers, rows } = await shown(page);
  const file = await exported(page);
  expect(file.header).toEqual(headers);
  const after = Number((await recount()).total);
  expect(file.body.length).toBeGreaterThanOrEqual(Math.min(total, after));
  expect(file.body.length).toBeLessThanOrEqual(Math.max(total, after));
  expect(file.body[0].map((c) => c || '-')).toEqual(rows[0]);
}

async function screenshot(page: Page, name: string) {
  await settled(page.locator('body'));
  await page.screenshot({ path: `docs/screenshots/count-${name}.png`, fullPage: true });
}

test('countMileage: device-days of the last week with their chart, regrouped per day, exported', async ({
  page,
}) => {
  await open(page, 'agent', '/index/count/countMileage');
  const api = await apiPost<Answer>(page, '/stat/countMileage', { ...week(), pageSize: 15 });
  expect(api.total).toBeGreaterThan(0);
  await expect(bodyRows(page)).toHaveCount(Math.min(15, api.total));
  const first = api.list[0];
  await expect(bodyRows(page).first()).toContainText(String(first.terminalID));
  await expect(bodyRows(page).first()).toContainText(String(first.date));
  await expect(page.getByTestId('report-summary')).toContainText('Total mileage');
  await expectChart(page);
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await screenshot(page, 'mileage');
  await expectExportMatches(page, api.total, () =>
    apiPost<Answer>(page, '/stat/countMileage', { ...week(), pageSize: 15, pageNum: 1 }),
  );

  // Per day over a month: one row per day with mileage.
  await page.getByTestId('range-shortcuts').getByText('1 month').click();
  await page.getByText('Day', { exact: true }).click();
  await page.getByTestId('report-search').click();
  const days = await apiPost<Answer>(page, '/stat/countMileage', {
    ...exportRangeDays('month', Date.now()),
    groupBy: 'day',
  });
  await expect(page.getByText(`${days.total} in all`)).toBeVisible();
  const { headers } = await shown(page);
  expect(headers).toEqual(['Date', 'Mileage', 'Moving time', 'Devices']);
});

test('countAlarms: alarms per device, type and day with the chart by type, exported', async ({ page }) => {
  await open(page, 'agent', '/index/count/countAlarms');
  // The seed's alarms are spread over 90 days: three months hold some.
  await page.getByTestId('range-shortcuts').getByText('3 months').click();
  await page.getByTestId('report-search').click();
  const api = await apiPost<Answer>(page, '/stat/countAlarms', exportRangeDays('threeMonths', Date.now()));
  expect(api.total).toBeGreaterThan(0);
  await expect(bodyRows(page)).toHaveCount(Math.min(15, api.total));
  await expect(bodyRows(page).first()).toContainText(String(api.list[0].terminalID));
  await expectChart(page);
  await screenshot(page, 'alarms');
  await expectExportMatches(page, api.total, () =>
    apiPost<Answer>(page, '/stat/countAlarms', { ...exportRangeDays('threeMonths', Date.now()), pageNum: 1 }),
  );
});

test('countStayDetail: stays of the last week with stays per day, exported', async ({ page }) => {
  await open(page, 'agent', '/index/count/countStayDetail');
  const api = await apiPost<Answer>(page, '/stat/countStayDetail', week());
  expect(api.total).toBeGreaterThan(0);
  await expect(bodyRows(page)).toHaveCount(Math.min(15, api.total));
  await expect(bodyRows(page).first()).toContainText(String(api.list[0].terminalID));
  await expectChart(page);
  await screenshot(page, 'stays');
  await expectExportMatches(page, api.total, () =>
    apiPost<Answer>(page, '/stat/countStayDetail', { ...week(), pageNum: 1 }),
  );

  // One device of the filter: only its stays.
  const id = String(api.list[0].terminalID);
  await page.getByTestId('device-select').click();
  await page.keyboard.type(id);
  await page.locator('.ant-select-item-option', { hasText: id }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('report-search').click();
  const one = await apiPost<Answer>(page, '/stat/countStayDetail', { ...week(), terminalIDs: [id] });
  expect(one.total).toBeLessThan(api.total);
  await expect(page.getByText(`${one.total} in all`)).toBeVisible();
  const ids = await bodyRows(page).locator('td:first-child').allInnerTexts();
  expect(new Set(ids)).toEqual(new Set([id]));
});

test('countExport: a report over the last week, month or three months, as the server file', async ({
  page,
}) => {
  await open(page, 'agent', '/index/count/countExport');
  // Agent holds mileage, alarms and stays, not the admin-only reports.
  await page.locator('.ant-select', { has: page.locator('#report') }).click();
  await expect(page.locator('.ant-select-item-option')).toHaveText(['Mileage', 'Alarms', 'Stays']);
  await page.locator('.ant-select-item-option', { hasText: 'Stays' }).click();
  await page.getByText('1 month', { exact: true }).click();
  await page.getByTestId('report-search').click();
  const api = await apiPost<Answer>(page, '/stat/countStayDetail', exportRangeDays('month', Date.now()));
  expect(api.total).toBeGreaterThan(0);
  await expect(page.getByText(`${api.total} in all`)).toBeVisible();
  await expectChart(page);
  await screenshot(page, 'export');
  const file = await exported(page);
  expect(file.header.slice(0, 4)).toEqual(['IMEI', 'Name', 'Start (GMT+8)', 'End (GMT+8)']);
  expect(file.body).toHaveLength(api.total);
  expect(file.body[0][0]).toBe(String(api.list[0].terminalID));
});

test('CountTrackInfo: per device over the last week for a chosen account, exported', async ({ page }) => {
  await open(page, 'admin', '/index/count/CountTrackInfo');
  await expect(bodyRows(page).first()).toBeVisible();
  // Only agent's subtree: pick the account in the tree.
  await page.getByTestId('account-select').click();
  await page.keyboard.type('agent');
  await page
    .locator('.ant-select-tree-title', { hasText: /^agent\b/ })
    .first()
    .click();
  await page.getByTestId('report-search').click();
  const api = await apiPost<Answer>(page, '/stat/countTrackInfo', { ...week(), userId: SEED_USER_IDS.agent });
  expect(api.total).toBeGreaterThan(0);
  await expect(page.getByText(`${api.total} in all`)).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(String(api.list[0].terminalID));
  await expectChart(page);
  await screenshot(page, 'trackinfo');
  await expectExportMatches(page, api.total, () =>
    apiPost<Answer>(page, '/stat/countTrackInfo', { ...week(), userId: SEED_USER_IDS.agent, pageNum: 1 }),
  );
});

test('countPastDue: devices expired or expiring soon, by status, exported', async ({ page }) => {
  await open(page, 'admin', '/index/count/countPastDue');
  const api = await apiPost<Answer>(page, '/stat/countPastDue', {});
  expect(api.total).toBeGreaterThan(0);
  await expect(page.getByText(`${api.total} in all`)).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(String(api.list[0].terminalID));
  await expectChart(page);
  await screenshot(page, 'pastdue');
  await expectExportMatches(page, api.total, () =>
    apiPost<Answer>(page, '/stat/countPastDue', { pageNum: 1 }),
  );
});

test('countBattery: battery levels, lowest first, and the models without a battery reading', async ({
  page,
}) => {
  await open(page, 'admin', '/index/count/countBattery');
  const api = await apiPost<Answer & { unsupportedModels: { model: string }[] }>(
    page,
    '/stat/countBattery',
    {},
  );
  expect(api.total).toBeGreaterThan(0);
  await expect(page.getByText(`${api.total} in all`)).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(String(api.list[0].terminalID));
  await expect(page.getByTestId('report-extra')).toContainText(api.unsupportedModels[0].model);
  await expectChart(page);
  await screenshot(page, 'battery');
  await expectExportMatches(page, api.total, () =>
    apiPost<Answer>(page, '/stat/countBattery', { pageNum: 1 }),
  );
});
