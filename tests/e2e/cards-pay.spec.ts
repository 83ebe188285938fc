import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, logout } from './helpers';
import { apiPost } from './monitor-support';

/**
 * Prepaid cards and the payment back office (issue 14): issue and transfer cards, renew a device
 * by card, discount codes, renewal prices, payment accounts and refunds, on the shared server.
 */

const DAY = 86_400_000;
/** Column of a card type in the balances table: username, nickname, then one month … lifetime. */
const CARD_COLUMN = { oneYear: 4, threeYears: 6 } as const;

const rowOf = (page: Page, list: string, firstCell: string) =>
  page
    .getByTestId(`list-${list}`)
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: firstCell, exact: true }) });

const cardCount = async (row: Locator, column: number) =>
  Number(await row.locator('td').nth(column).innerText());

async function chooseOption(page: Page, field: string, label: string) {
  await page.locator(`.ant-modal .ant-select:has(#${field})`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

async function submitTransfer(page: Page, to: string, cardType: string, count: number) {
  await rowOf(page, 'cardAccounts', to).getByTestId('row-transfer').click();
  await chooseOption(page, 'cardTypeRequired', cardType);
  await page.locator('.ant-modal #count').fill(String(count));
  // What is sent is what was entered (a late re-render must not have reset the form).
  await expect(page.locator('.ant-modal #count')).toHaveValue(String(count));
  await expect(page.locator('.ant-modal .ant-select:has(#cardTypeRequired)')).toContainText(cardType);
  await page.getByTestId('action-ok').click();
}

async function transferCards(page: Page, to: string, cardType: string, count: number) {
  await submitTransfer(page, to, cardType, count);
  await expect(page.locator('.ant-modal')).toHaveCount(0);
}

interface Device {
  terminalID: string;
  platformExpireAt: string | null;
}

/** A completed order of `user` (paid through the sandbox) for its `nth` device still running. */
async function paidOrder(page: Page, nth: number): Promise<string> {
  await login(page, 'user');
  const devices = await apiPost<Device[]>(page, '/device/findDeviceLocationAll', {});
  const d = devices.filter((x) => x.platformExpireAt && Date.parse(x.platformExpireAt) > Date.now())[nth]!;
  const created = await apiPost<{ orderNo: string }>(page, '/order/create', {
    terminalIDs: [d.terminalID],
    rechargeType: 2,
    paymentType: 1,
  });
  const paid = await apiPost<{ state: string }>(page, '/pay/sandbox/pay', {
    orderNo: created.orderNo,
    outcome: 'paid',
  });
  expect(paid.state).toBe('success');
  await logout(page);
  return created.orderNo;
}

test('the administrator issues cards to an agent, who passes some on to its sub-agent', async ({ page }) => {
  await login(page, 'admin', '/index/card/accounts');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  const adminRow = rowOf(page, 'cardAccounts', 'admin');
  // Cards go to sub-accounts: the caller's own row offers no transfer.
  await expect(adminRow.getByTestId('row-transfer')).toHaveCount(0);
  const agentRow = rowOf(page, 'cardAccounts', 'agent');
  const before = await cardCount(agentRow, CARD_COLUMN.threeYears);
  await transferCards(page, 'agent', 'Three years', 5);
  await expect(agentRow.locator('td').nth(CARD_COLUMN.threeYears)).toHaveText(String(before + 5));
  await logout(page);

  await login(page, 'agent', '/index/card/accounts');
  const self = rowOf(page, 'cardAccounts', 'agent');
  const sub = rowOf(page, 'cardAccounts', 'subagent');
  await expect(self.locator('td').nth(CARD_COLUMN.threeYears)).toHaveText(String(before + 5));
  const mine = await cardCount(self, CARD_COLUMN.oneYear);
  const theirs = await cardCount(sub, CARD_COLUMN.oneYear);
  await transferCards(page, 'subagent', 'One year', 2);
  await expect(self.locator('td').nth(CARD_COLUMN.oneYear)).toHaveText(String(mine - 2));
  await expect(sub.locator('td').nth(CARD_COLUMN.oneYear)).toHaveText(String(theirs + 2));
  await page.screenshot({ path: 'docs/screenshots/card-accounts.png' });

  // More than the agent holds is refused, and nothing moves.
  await submitTransfer(page, 'subagent', 'One year', 1000);
  await expect(page.getByTestId('action-error')).toHaveText('Insufficient card count or balance');
  await page.locator('.ant-modal-close').click();
  await expect(sub.locator('td').nth(CARD_COLUMN.oneYear)).toHaveText(String(theirs + 2));

  await page.goto('/index/card/records');
  const first = page.getByTestId('list-cardRecords').locator('tr.ant-table-row').first();
  await expect(first).toContainText('Transfer');
  await expect(first).toContainText('One year');
  await expect(first.locator('td').nth(3)).toHaveText('2');
  await expect(first.locator('td').nth(4)).toHaveText('agent');
  await expect(first.locator('td').nth(5)).toHaveText('subagent');
  // The administrator's grant is there too, as a system setting to agent.
  await expect(
    page
      .getByTestId('list-cardRecords')
      .locator('tr.ant-table-row')
      .filter({ hasText: 'System setting' })
      .filter({ hasText: 'Three years' }),
  ).not.toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/card-records.png' });
});

test('an agent renews a device with a one-year card and the record shows its new expiry', async ({
  page,
}) => {
  await login(page, 'agent');
  const devices = await apiPost<Device[]>(page, '/device/findDeviceLocationAll', {});
  const d = devices
    .filter((x) => x.platformExpireAt && Date.parse(x.platformExpireAt) > Date.now() + DAY)
    .at(-2)!;
  await page.goto('/index/card/renew');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await page.getByTestId('batch-imeis').fill(d.terminalID);
  await page.locator('#cardTypeRequired').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="One year"]').click();
  await page.getByTestId('batch-submit').click();
  // What will happen first (issue 32): the device, from what expiry to what, the card spent.
  await expect(page.getByTestId('plan-count')).toHaveText('1');
  await page.getByTestId('plan-confirm').click();
  const summary = page.getByTestId('batch-summary');
  await expect(summary).toContainText('Succeeded1');
  await expect(summary).toContainText('Failed0');
  await page.screenshot({ path: 'docs/screenshots/card-renew.png' });

  // The device's expiry moved on by 365 days, and the record says from what to what.
  const after = (await apiPost<Device[]>(page, '/device/findDeviceLocationAll', {})).find(
    (x) => x.terminalID === d.terminalID,
  )!;
  expect(Date.parse(after.platformExpireAt!) - Date.parse(d.platformExpireAt!)).toBe(365 * DAY);
  await page.goto(`/index/card/records`);
  await page.getByTestId('filters-toggle').click();
  await page.locator('#terminalID').fill(d.terminalID);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('list-cardRecords').locator('tr.ant-table-row').first();
  await expect(row).toContainText('Renewal');
  await expect(row).toContainText(d.terminalID);
  const local = (iso: string) =>
    new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
  await expect(row.locator('td').nth(8)).toHaveText(local(d.platformExpireAt!));
  await expect(row.locator('td').nth(9)).toHaveText(local(after.platformExpireAt!));
});

test('an agent creates discount codes to copy and disables one', async ({ page }) => {
  await login(page, 'agent', '/index/pay/discountCode');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await page.getByTestId('toolbar-createCodes').click();
  await page.locator('.ant-modal #codeCount').fill('3');
  await page.locator('.ant-modal #rate').fill('80');
  await page.getByTestId('action-ok').click();
  const answer = page.getByTestId('action-answer');
  await expect(answer).toBeVisible();
  const codes = (await answer.locator('pre').innerText()).split('\n');
  expect(codes).toHaveLength(3);
  for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{10}$/);
  await page.screenshot({ path: 'docs/screenshots/pay-discount-codes-created.png' });
  await page.getByTestId('action-ok').click();

  const list = page.getByTestId('list-discountCode');
  const row = list.locator('tr.ant-table-row').filter({ hasText: codes[0]! });
  await expect(row).toContainText('80%');
  await expect(row).toContainText('Enabled');
  await row.locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('batch-bar')).toContainText('1 selected');
  await page.getByTestId('batch-disableCodes').click();
  await expect(row).toContainText('Disabled');
  await expect(list.locator('tr.ant-table-row').filter({ hasText: codes[1]! })).toContainText('Enabled');
  await page.screenshot({ path: 'docs/screenshots/pay-discount-codes.png' });
});

test('a sub-agent sets a renewal price in major units and stops selling it online', async ({ page }) => {
  await login(page, 'subagent', '/index/pay/renewPrice');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  const row = rowOf(page, 'renewPrice', 'Two years');
  await row.getByTestId('row-editPrice').click();
  await page.locator('.ant-modal #price').fill('12.345');
  await page.getByTestId('action-ok').click();
  await expect(page.getByText('Enter an amount such as 100 or 99.50')).toBeVisible();
  await page.locator('.ant-modal #price').fill('120.50');
  await chooseOption(page, 'currency', 'USD');
  await page.getByTestId('action-ok').click();
  await expect(row.locator('td').nth(1)).toHaveText('120.50');
  await expect(row.locator('td').nth(2)).toHaveText('USD');
  const prices = await apiPost<{ list: { cardType: number; priceMinor: number | null }[] }>(
    page,
    '/pay/renewPrice/list',
    {},
  );
  expect(prices.list.find((p) => p.cardType === 3)?.priceMinor).toBe(12050);
  await page.screenshot({ path: 'docs/screenshots/pay-prices.png' });

  await row.getByTestId('row-removePrice').click();
  await page.getByTestId('action-ok').click();
  await expect(row.locator('td').nth(1)).toHaveText('-');
  await expect(row.getByTestId('row-removePrice')).toHaveCount(0);
});

test('a sub-agent adds a PayPal account and edits it without retyping the secret', async ({ page }) => {
  await login(page, 'subagent', '/index/pay/CAgentAccount');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await page.getByTestId('toolbar-addPaypal').click();
  await page.locator('.ant-modal #ppClientId').fill('sub-client-id');
  await page.locator('.ant-modal #ppClientSecret').fill('sub-secret');
  await page.locator('.ant-modal #ppWebhookId').fill('WH-SUB');
  await page.locator('.ant-modal #remark').fill('pay@sub.example');
  await page.getByTestId('action-ok').click();
  const row = page
    .getByTestId('list-agentAccount')
    .locator('tr.ant-table-row')
    .filter({ hasText: 'sub-client-id' });
  await expect(row).toContainText('PayPal');
  await expect(row).toContainText('clientSecret');
  await expect(row).toContainText(/\/api\/pay\/notify\/paypal\/\d+/);

  await row.getByTestId('row-editPaypal').click();
  await expect(page.locator('.ant-modal #ppClientId')).toHaveValue('sub-client-id');
  await expect(page.locator('.ant-modal #ppClientSecretKeep')).toHaveValue('');
  await page.locator('.ant-modal #remark').fill('billing@sub.example');
  await page.getByTestId('action-ok').click();
  await expect(row).toContainText('billing@sub.example');
  // The secret left empty was kept.
  await expect(row).toContainText('clientSecret');
  await page.screenshot({ path: 'docs/screenshots/pay-accounts.png' });

  await row.getByTestId('row-delete').click();
  await page.getByTestId('action-ok').click();
  await expect(row).toHaveCount(0);
});

test('an agent refunds a completed order from the orders list and by order number', async ({ page }) => {
  const fromList = await paidOrder(page, 0);
  const byNumber = await paidOrder(page, 1);
  await login(page, 'agent', '/index/pay/orders');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  const row = rowOf(page, 'payOrders', fromList);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('100.00 CNY');
  await expect(row).toContainText('One year');
  await page.screenshot({ path: 'docs/screenshots/pay-orders.png' });
  await row.getByTestId('row-refund').click();
  await page.locator('.ant-modal #reason').fill('customer asked');
  await page.getByTestId('action-ok').click();
  await expect(row).toContainText('Refunded');
  await expect(row.getByTestId('row-refund')).toHaveCount(0);
  // The status and payment time sit at the right of the wide table.
  await page
    .getByTestId('list-payOrders')
    .locator('.ant-table-content')
    .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await page.screenshot({ path: 'docs/screenshots/pay-orders-refunded.png' });

  await page.goto('/index/pay/wxRefund');
  await page.locator('#orderNoRequired').fill(byNumber);
  await expect(page.getByTestId('form-submit')).toHaveText('Refund');
  await page.getByTestId('form-submit').click();
  const record = page.getByTestId('form-record');
  await expect(record).toContainText(byNumber);
  await expect(record).toContainText('Refunded');
  await page.screenshot({ path: 'docs/screenshots/pay-refund.png' });
  // Once: a second refund is refused.
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText('Only a completed order can be refunded');
});
