import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { login } from './helpers';
import { expandFilters, expectTotal, pickAccount, seedStock } from './device-support';

const shot = (name: string) => `docs/screenshots/${name}`;

test('agent imports 50 lines, finds the new devices, transfers 10 to subagent and exports the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { readyImeis, untestedImeis, fleetImeisOf } = seedStock();
  expect(readyImeis.length).toBeGreaterThanOrEqual(20);
  const good = readyImeis.slice(0, 20);
  const invalid = ['12345', 'ABC-DEF-123', '8612345678901234567', '!!!!!!', '1234'];
  const unknown = Array.from({ length: 15 }, (_, i) => `99000000000${String(i).padStart(4, '0')}`);
  // 50 lines: 20 importable, 5 repeated, 5 malformed, 3 untested, 2 already imported, 15 unknown.
  const lines = [
    ...good.slice(0, 10),
    ...invalid,
    good[0],
    ...good.slice(10, 20),
    ...untestedImeis.slice(0, 3),
    good[1],
    good[2],
    // Not agent's own devices: another spec replaces one's IMEI for a while.
    ...fleetImeisOf('subagent').slice(0, 2),
    good[3],
    good[4],
    ...unknown,
  ];
  expect(lines).toHaveLength(50);

  await login(page, 'agent', '/index/device/deviceImport');
  await page.getByTestId('report-lines').fill(lines.join('\n'));
  await page.getByTestId('report-submit').click();

  const summary = page.getByTestId('report-summary');
  await expect(summary).toHaveAttribute('data-ok', '20');
  await expect(summary).toHaveAttribute('data-failed', '30');
  const table = page.getByTestId('report-table');
  const row = (line: number) => table.locator(`tr[data-row-key="${line}"]`);
  await expect(row(1)).toContainText('Done');
  await expect(row(11)).toContainText(/Invalid IMEI/);
  await expect(row(16)).toContainText('This IMEI appears more than once in the list');
  await expect(row(27)).toContainText('This IMEI has no factory test record');
  await expect(row(32)).toContainText('This IMEI has already been imported');
  // An IMEI our factory never made: the refusal says what to ask for (issue 32).
  await expect(row(50)).toContainText(
    'ask the administrator to turn on "Import third-party devices" for your account',
  );
  await page.screenshot({ animations: 'disabled', path: shot('device-import-report.png'), fullPage: true });

  // The new devices in the list, by a multi-line IMEI search.
  await page.goto('/index/device/deviceListV2');
  await expect(page.locator('.ant-pagination-total-text')).toBeVisible();
  await expect(page.getByTestId('list-deviceListV2').locator('tbody tr[data-row-key]')).toHaveCount(15);
  await page.screenshot({ animations: 'disabled', path: shot('device-list.png') });
  await expandFilters(page);
  await page.locator('#imeis').fill(good.join('\n'));
  await page.getByRole('button', { name: 'Search' }).click();
  await expectTotal(page, 20);

  // Transfer 10 of them to subagent: tick them in the list, then the batch action.
  const list = page.getByTestId('list-deviceListV2');
  const rows = list.locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(15);
  const moved = await rows.evaluateAll((trs) =>
    trs.slice(0, 10).map((tr) => tr.getAttribute('data-row-key') ?? ''),
  );
  expect(good).toEqual(expect.arrayContaining(moved));
  for (const imei of moved) await list.locator(`tr[data-row-key="${imei}"] .ant-checkbox-input`).check();
  await page.getByTestId('batch-transfer').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('action-targets')).toHaveText('10 devices selected');
  // The devices' current owner is no destination: greyed out in the tree.
  await dialog.getByTestId('account-select').click();
  await expect(
    page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode-disabled', {
      hasText: 'agent (北京华通物流)',
    }),
  ).toBeVisible();
  await pickAccount(page, dialog.getByTestId('account-select'), 'subagent', true);
  await dialog.getByTestId('action-ok').click();
  // The devices and their new owner first, then Confirm (issue 32).
  await expect(page.getByTestId('plan-count')).toHaveText('10');
  await expect(page.getByTestId('plan-new-owner')).toContainText('subagent');
  await page.getByTestId('plan-confirm').click();
  await expect(dialog.getByTestId('batch-summary')).toContainText('Succeeded10');
  await expect(dialog.getByTestId('batch-progress')).toHaveAttribute('data-done', '10');
  await dialog.getByTestId('action-ok').click();

  // Verify: the list of subagent's subtree holds exactly those 10.
  await pickAccount(page, page.locator('.ant-pro-query-filter').getByTestId('account-select'), 'subagent');
  await page.getByRole('button', { name: 'Search' }).click();
  await expectTotal(page, 10);
  for (const imei of moved) await expect(list.locator(`tr[data-row-key="${imei}"]`)).toBeVisible();

  // Export the 20 (account filter cleared) to xlsx and read the file back.
  await page.locator('.ant-pro-query-filter').getByTestId('account-select').hover();
  await page.locator('.ant-pro-query-filter .ant-select-clear').first().click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expectTotal(page, 20);
  await page.getByTestId('export-button').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
  const header = values[0].map(String);
  expect(header).toContain('IMEI');
  const imeiCol = header.indexOf('IMEI');
  const ownerCol = header.indexOf('Owner');
  const body = values.slice(1);
  expect(body).toHaveLength(20);
  expect(body.map((r) => String(r[imeiCol])).sort()).toEqual([...good].sort());
  const owners = body.map((r) => String(r[ownerCol]));
  expect(owners.filter((o) => o === 'subagent')).toHaveLength(10);
  expect(owners.filter((o) => o === 'agent')).toHaveLength(10);
});
