import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CARD_DAYS } from '../../src/domain/payment';
import { login, PASSWORD } from './helpers';
import { apiPost } from './monitor-support';

const DAY = 86_400_000;

interface Device {
  terminalID: string;
  platformExpireAt: string | null;
}

/** One discount code of agent (the user's payee) at `rate` percent of the price, made through the API. */
async function discountCode(request: APIRequestContext, rate: number): Promise<string> {
  const login = await request.post('/api/login', { data: { username: 'agent', password: PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.post('/api/pay/discountCode/create', {
    data: { count: 1, rate },
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { codes: string[] } };
  return body.data.codes[0]!;
}

const devicesOf = (page: Page) => apiPost<Device[]>(page, '/device/findDeviceLocationAll', {});
const expiryOf = async (page: Page, terminalID: string) =>
  (await devicesOf(page)).find((d) => d.terminalID === terminalID)!.platformExpireAt;

/** A device of user's with a platform expiry; `index` keeps the tests on different devices. */
async function userDevice(page: Page, index: number): Promise<Device> {
  const list = (await devicesOf(page)).filter((d) => d.platformExpireAt);
  const d = list[index];
  if (!d) throw new Error('user has too few devices with an expiry');
  return d;
}

async function pickDevice(page: Page, terminalID: string) {
  await page.getByTestId('device-select').click();
  await page.keyboard.type(terminalID);
  await page.locator('.ant-select-item-option').filter({ hasText: terminalID }).click();
  await page.keyboard.press('Escape');
}

const total = (page: Page) => page.getByTestId('quote-total');

test('a user renews a device online through the sandbox with a discount code', async ({ page, request }) => {
  const code = await discountCode(request, 80);
  await login(page, 'user');
  const device = await userDevice(page, 0);
  const before = Date.parse(device.platformExpireAt!);

  // The order list leads to the renew page.
  await page.goto('/index/order/list');
  await page.getByTestId('link-renew').click();
  await expect(page).toHaveURL('/index/order/renew');
  await pickDevice(page, device.terminalID);
  await page.locator('label').filter({ hasText: '1 year' }).click();
  await expect(total(page)).toHaveText('100.00 CNY');
  await expect(page.getByTestId('quote-days')).toHaveText('365 days to each device');

  await page.getByTestId('renew-discount-code').fill(code.toLowerCase());
  await expect(total(page)).toHaveText('80.00 CNY');
  await expect(page.getByTestId('quote-discount')).toHaveText('-20.00 CNY');
  await expect(page.getByTestId('quote-payee')).toHaveText('北京华通物流');
  await page.screenshot({ path: 'docs/screenshots/renew-online.png' });

  await page.getByTestId('renew-pay').click();
  await expect(page).toHaveURL(/\/sandbox-pay\?orderNo=FG\d+/);
  await expect(page.getByTestId('sandbox-banner')).toContainText('no real money');
  await expect(page.getByTestId('sandbox-amount')).toHaveText('80.00 CNY');
  const orderNo = (await page.getByTestId('sandbox-order-no').textContent())!;
  await page.screenshot({ path: 'docs/screenshots/sandbox-pay.png' });

  await page.getByTestId('sandbox-pay-button').click();
  await expect(page).toHaveURL(`/payResult?orderNo=${orderNo}`);
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-state', 'success');
  await expect(result).toContainText('Payment successful');

  // The device's platform expiry moved by the year's days, from its old expiry (or from now).
  const after = Date.parse((await expiryOf(page, device.terminalID))!);
  const from = Math.max(before, Date.now() - 120_000);
  expect(Math.abs(after - from - CARD_DAYS[2]! * DAY)).toBeLessThan(5 * 60_000);
  await expect(page.getByTestId('pay-result-expiry')).toContainText(
    new Date(after).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }),
  );
  await page.screenshot({ path: 'docs/screenshots/pay-result-success.png' });

  // The order list shows it completed, with the code and its rate.
  await page.getByRole('button', { name: 'My orders' }).click();
  await expect(page).toHaveURL('/index/order/list');
  const row = page.locator('tr.ant-table-row').filter({ hasText: orderNo });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('80.00 CNY');
  await expect(row).toContainText(code);
  await expect(row).toContainText('80%');
  await page.screenshot({ path: 'docs/screenshots/order-list.png' });
});

test('a cancelled payment ends cancelled and renews nothing; a used code is refused', async ({
  page,
  request,
}) => {
  const code = await discountCode(request, 90);
  await login(page, 'user');
  const device = await userDevice(page, 1);

  // Arriving from a device link: the device is chosen already.
  await page.goto(`/index/order/renew?terminalID=${device.terminalID}`);
  await page.getByTestId('renew-discount-code').fill(code);
  await expect(total(page)).toHaveText('90.00 CNY');
  await page.getByTestId('renew-pay').click();
  await expect(page).toHaveURL(/\/sandbox-pay\?/);
  const orderNo = (await page.getByTestId('sandbox-order-no').textContent())!;
  await page.getByTestId('sandbox-cancel').click();
  await expect(page).toHaveURL(`/payResult?orderNo=${orderNo}&cancel=1`);
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('pay-result')).toContainText('Payment cancelled');
  expect(await expiryOf(page, device.terminalID)).toBe(device.platformExpireAt);

  await page.goto('/index/order/list');
  await expect(page.locator('tr.ant-table-row').filter({ hasText: orderNo })).toContainText('Cancelled');

  // The cancelled order gave its code back; paying with it uses it up, and then it is refused.
  await page.goto(`/index/order/renew?terminalID=${device.terminalID}`);
  await page.getByTestId('renew-discount-code').fill(code);
  await expect(total(page)).toHaveText('90.00 CNY');
  await page.getByTestId('renew-pay').click();
  await page.getByTestId('sandbox-decline').click();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'failure');

  // Declined: the code is free again. Pay this time, then the code is used.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/index\/order\/renew\?/);
  await expect(total(page)).toHaveText('90.00 CNY');
  await page.getByTestId('renew-pay').click();
  await page.getByTestId('sandbox-pay-button').click();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'success');

  await page.goto(`/index/order/renew?terminalID=${device.terminalID}`);
  await page.getByTestId('renew-discount-code').fill(code);
  await expect(page.getByText('This discount code has already been used')).toBeVisible();
  await expect(page.getByTestId('renew-pay')).toBeDisabled();
});
