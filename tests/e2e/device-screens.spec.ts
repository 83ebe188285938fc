import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { login } from './helpers';
import { pickAccount, seedStock } from './device-support';

// The descriptor-only screens: each is a view in src/resources, drawn by the generic renderer.

test('owner information and the multi-IMEI search find the agent devices', async ({ page }) => {
  const { fleetImeisOf } = seedStock();
  await login(page, 'agent');

  // Devices of agent's sub-accounts: agent's own are the ones other specs change meanwhile (an
  // IMEI replaced and put back reads as not found). agent2's device is outside agent's tree.
  const subtree = [...fleetImeisOf('subagent'), ...fleetImeisOf('user'), ...fleetImeisOf('superuser')];
  const outside = fleetImeisOf('agent2')[0]!;
  await page.goto('/index/device/miltiInfoSearch');
  await page.locator('#requiredImeis').fill([...subtree, outside, '990000000009999'].join('\n'));
  await page.getByTestId('form-submit').click();
  const table = page.getByTestId('form-table');
  // Every device of the subtree is found: only these two are not.
  await expect(page.getByText(`Not found: ${outside}, 990000000009999`)).toBeVisible();
  const found = await table.locator('tbody tr[data-row-key]').count();
  expect(found).toBeGreaterThan(0);

  const mine = await table.locator('tbody tr[data-row-key]').first().getAttribute('data-row-key');
  await page.goto('/index/device/userInfo');
  await page.locator('#requiredTerminal').fill(mine!);
  await page.getByTestId('form-submit').click();
  const record = page.getByTestId('form-record');
  await expect(record).toContainText(mine!);
  await expect(record).toContainText('Owner account');
});

test('device details are checked with the shared validators before the server sees them', async ({
  page,
}) => {
  const { fleetImeis } = seedStock();
  await login(page, 'agent', '/index/device/deviceUpdateDeviceInfo');
  await page.locator('#requiredTerminal').fill(fleetImeis[0]);
  await page.locator('#carNumber').fill('ABC123');
  await page.locator('#sim').fill('123');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('Please enter a correct plate number')).toBeVisible();
  await expect(page.getByText('Please enter the correct SIM card number.')).toBeVisible();
});

test('ICCID import reports entries of the wrong length per row', async ({ page }) => {
  const fleetImeis = seedStock().fleetImeisOf('subagent');
  await login(page, 'admin', '/index/device/deviceUpdateIccid');
  await page
    .getByTestId('report-lines')
    .fill(
      `${fleetImeis[0]},89860000000000000001\n${fleetImeis[1]},8986\n990000000009999,89860000000000000002`,
    );
  await page.getByTestId('report-submit').click();
  const summary = page.getByTestId('report-summary');
  await expect(summary).toHaveAttribute('data-ok', '1');
  await expect(summary).toHaveAttribute('data-failed', '2');
  await expect(page.getByTestId('report-table').locator('tr[data-row-key="2"]')).toContainText('Refused');
});

test('device counts per account, import count records with an assignment, and the account export', async ({
  page,
}) => {
  await login(page, 'agent', '/index/agent/agentDeviceCount');
  const counts = page.getByTestId('list-agentDeviceCount');
  await expect(counts.locator('tbody tr[data-row-key="3"]')).toContainText('subagent');

  await page.goto('/index/agent/setImportRecords');
  const records = page.getByTestId('list-setImportRecords');
  await expect(records.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await page.getByTestId('toolbar-assign').click();
  const dialog = page.getByRole('dialog');
  await pickAccount(page, dialog.getByTestId('account-select'), 'subagent');
  await dialog.locator('#num').fill('7');
  await dialog.locator('#remark').fill('e2e assignment');
  await dialog.getByTestId('action-ok').click();
  await expect(dialog).toBeHidden();
  await expect(records.locator('tbody tr', { hasText: 'e2e assignment' }).first()).toContainText('7');

  await page.goto('/index/agent/indexAgentListExport');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('form-submit').click();
  const download = await downloading;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const names = (wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) =>
    r.map(String).join('|'),
  );
  expect(names.some((r) => r.includes('|subagent|'))).toBe(true);
  expect(names.some((r) => r.includes('|agent2|'))).toBe(false);
});

test('batch icon type: pick an icon in the preview, per-device results and the failure report', async ({
  page,
}) => {
  await login(page, 'agent', '/index/device/deviceBatchIcon');
  // Three of the agent's devices succeed; an unknown IMEI fails on its own as "not found".
  const imeis = await page.evaluate(async () => {
    const token = JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').token as string;
    const res = await fetch('/api/device/deviceListV2', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ pageNum: 1, pageSize: 3 }),
    });
    return ((await res.json()).data.list as { terminalID: string }[]).map((d) => d.terminalID);
  });
  expect(imeis).toHaveLength(3);
  await page.getByTestId('batch-imeis').fill([...imeis, '990000000009999'].join('\n'));
  await page.getByTestId('icon-preview').getByRole('img', { name: 'icon 5' }).click();
  await expect(page.locator('.ant-select-selection-item', { hasText: /^5$/ })).toBeVisible();
  await page.getByTestId('batch-submit').click();
  const summary = page.getByTestId('batch-summary');
  await expect(summary).toContainText('Succeeded3');
  await expect(summary).toContainText('Failed1');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-failures').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await (await downloading).path())) as unknown as ArrayBuffer);
  const rows = (wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) =>
    r.slice(1).map(String),
  );
  expect(rows).toEqual([
    ['IMEI', 'Reason'],
    ['990000000009999', 'No data found'],
  ]);
});

test('huaxiang vehicle data imported from a csv file, checked per row', async ({ page }) => {
  await login(page, 'agent');
  const imeis = await page.evaluate(async () => {
    const token = JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').token as string;
    const res = await fetch('/api/device/deviceListV2', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ pageNum: 1, pageSize: 2 }),
    });
    return ((await res.json()).data.list as { terminalID: string }[]).map((d) => d.terminalID);
  });
  await page.goto('/index/device/huaXiangDataImport');
  const csv = [
    'IMEI,Plate,Name,SIM,Driver,Driver phone,Model',
    `${imeis[0]},粤B12345,Cold chain 1,13800000000,Wang,13912345678,Foton`,
    `${imeis[1]},NOT-A-PLATE,Cold chain 2,,Li,,Isuzu`,
  ].join('\n');
  await page
    .getByTestId('import-file')
    .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
    .setInputFiles({ name: 'vehicles.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('2 rows read from the file')).toBeVisible();
  await expect(page.getByTestId('report-lines')).toHaveValue(
    new RegExp(`^${imeis[0]},粤B12345,Cold chain 1`),
  );
  await page.getByTestId('report-submit').click();
  const summary = page.getByTestId('report-summary');
  await expect(summary).toHaveAttribute('data-ok', '1');
  await expect(summary).toHaveAttribute('data-failed', '1');
  await expect(page.getByTestId('report-table').locator('tr[data-row-key="2"]')).toContainText(
    'Please enter a correct plate number',
  );
});
