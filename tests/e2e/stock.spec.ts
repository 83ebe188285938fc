import { expect, test } from '@playwright/test';
import { login, logout, preferLanguage } from './helpers';

/**
 * Factory stock (issue 15, part 5): the stock user pastes terminals into stock, reads the
 * per-line report, finds them in the stock list and looks one up by its ICCID.
 */

test('the stock user stocks pasted terminals, finds them in the stock list and by ICCID; the test role clears the SIM', async ({
  page,
}) => {
  const tail = String(Date.now()).slice(-8);
  const [a, b] = [`8612345${tail}`, `8612346${tail}`];
  const iccid = `8986${tail}${tail}`;
  const batch = `B-E2E-${tail}`;

  await login(page, 'teststock', '/test/stock/importDevice');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await page.getByTestId('report-lines').fill([`${a},${iccid}`, `${b},GT800`, 'bad!', a].join('\n'));
  await page.locator('#batchNoRequired').fill(batch);
  await page.getByTestId('report-submit').click();
  const summary = page.getByTestId('report-summary');
  await expect(summary).toHaveAttribute('data-ok', '2');
  await expect(summary).toHaveAttribute('data-failed', '2');
  const report = page.getByTestId('report-table');
  await expect(report.locator('tr.ant-table-row').nth(1)).toContainText('GT800');
  await expect(report.locator('tr.ant-table-row').nth(2)).toContainText('Invalid IMEI');
  await expect(report.locator('tr.ant-table-row').nth(3)).toContainText('more than once');
  await page.screenshot({ path: 'docs/screenshots/stock-in.png', fullPage: true });

  await page.goto('/test/stock/stockDevice');
  await page.getByTestId('filters-toggle').click();
  await page.locator('#batchNo').fill(batch);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('list-stockDevice').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const first = rows.filter({ hasText: a });
  await expect(first).toContainText(iccid);
  await expect(first).toContainText('In stock');
  await expect(first).toContainText('Not tested');
  await expect(rows.filter({ hasText: b })).toContainText('GT800');
  await page.screenshot({ path: 'docs/screenshots/stock-list.png' });

  await page.goto('/test/iccid');
  await page.locator('#iccidQuery').fill(iccid);
  await page.getByTestId('form-submit').click();
  const found = page.locator('tr.ant-table-row');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(a);
  await expect(found).toContainText(batch);
  await page.screenshot({ path: 'docs/screenshots/iccid.png' });
  await logout(page);

  // The SIM clearing is the test role's (who picked Chinese), and asks before it acts.
  await preferLanguage(page, 'cn');
  await login(page, 'test', '/test/card/cardClear');
  await page.getByTestId('report-lines').fill(`${a}\n${b}`);
  await page.getByTestId('report-submit').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('2');
  await page.getByTestId('report-confirm').click();
  const cleared = page.getByTestId('report-summary');
  await expect(cleared).toHaveAttribute('data-ok', '1');
  await expect(cleared).toHaveAttribute('data-failed', '1');
  await expect(page.getByTestId('report-table').locator('tr.ant-table-row').nth(1)).toContainText(
    '此终端未绑定SIM卡',
  );
  await page.screenshot({ path: 'docs/screenshots/card-clear.png', fullPage: true });
});
