import { expect, test } from '@playwright/test';
import { login, preferLanguage } from './helpers';

/**
 * Factory quality control (issue 15, part 1): the test role (who picked Chinese) pastes bench
 * results on the v1 upload screen, reads the per-line report and finds the terminals in the
 * QC search with their failed items.
 */

test('the test role uploads pasted results, reads the per-line report and finds them in QC search', async ({
  page,
}) => {
  const prefix = `86${String(Date.now()).slice(-8)}`;
  const [a, b, c] = [`${prefix}00001`, `${prefix}00002`, `${prefix}00003`];

  await preferLanguage(page, 'cn');
  await login(page, 'test', '/test/exportSerialResult/v1');
  await expect(page.getByTestId('report-serialResultV1')).toBeVisible();
  await page
    .getByTestId('report-lines')
    .fill(
      [`${a},pass,GT06N,V2.0.1,,S9`, `${b},不合格,GT06N,,,S9,,GPS|Relay`, 'bad!,pass', `${c},maybe`].join(
        '\n',
      ),
    );
  await page.getByTestId('report-submit').click();
  const summary = page.getByTestId('report-summary');
  await expect(summary).toHaveAttribute('data-ok', '2');
  await expect(summary).toHaveAttribute('data-failed', '2');
  const report = page.getByTestId('report-table').locator('tr.ant-table-row');
  await expect(report.nth(0)).toContainText('合格');
  await expect(report.nth(1)).toContainText('不合格');
  await expect(report.nth(2)).toContainText('IMEI格式错误');
  await expect(report.nth(3)).toContainText('此行无法识别');
  await page.screenshot({ path: 'docs/screenshots/qc-upload.png', fullPage: true });

  await page.goto('/test/qc/search');
  await page.locator('#terminalID').fill(prefix);
  await page
    .getByRole('button', { name: /查\s?询|search/i })
    .first()
    .click();
  const rows = page.getByTestId('list-qcSearch').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const failed = rows.filter({ hasText: b });
  await expect(failed).toContainText('不合格');
  await expect(failed).toContainText('GPS ✗; Relay ✗');
  await expect(rows.filter({ hasText: a })).toContainText('V2.0.1');
  // A row opens on its items.
  await failed.locator('.ant-table-row-expand-icon').click();
  const detail = page.getByTestId('row-detail');
  await expect(detail).toContainText('Relay');
  await page.screenshot({ path: 'docs/screenshots/qc-search.png' });

  // One terminal's record: in stock, passed, importable.
  await page.goto('/test/search');
  await page.locator('#terminalQuery').fill(a);
  await page.getByTestId('form-submit').click();
  const record = page.getByTestId('form-record');
  await expect(record).toContainText('GT06N');
  await expect(record).toContainText('合格');

  await page.screenshot({ path: 'docs/screenshots/qc-terminal.png' });

  // The demo data fills the GPS results and the test configurations.
  await page.goto('/test/exportSerialResult/serialGPSResultManager');
  await expect(
    page.getByTestId('list-serialGPSResultManager').locator('tr.ant-table-row').first(),
  ).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/qc-gps.png' });
  await page.goto('/test/exportSerialResult/configList');
  await expect(page.getByTestId('list-serialConfigList').locator('tr.ant-table-row')).toHaveCount(3);
  await page.screenshot({ path: 'docs/screenshots/qc-config.png' });
});
