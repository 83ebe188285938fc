import { expect, test } from '@playwright/test';
import { ACCOUNT_ZONE, dayOf } from '../../src/domain/time-zone';
import { as, login, PASSWORD } from './helpers';
import { pickAccount } from './device-support';
import { apiPost } from './monitor-support';

/**
 * Issue 32, renewals and transfers: an agent holding cards renews from the monitor's device panel
 * with its own cards, sees what will happen (the device, the card spent, the new expiry) and
 * confirms; a transfer shows the devices and the new owner before it moves anything. The test
 * makes its own agent, customer, cards and devices (third-party IMEIs the administrator imports).
 */
const DAY = 86_400_000;
const stamp = String(Date.now() % 1e8).padStart(8, '0');
const agentName = `e2erenew${stamp}`;
const customerName = `e2ecust${stamp}`;
const imeis = [`3591${stamp}001`, `3591${stamp}002`];

interface Device {
  terminalID: string;
  userId: number;
  platformExpireAt: string | null;
}

/** The account's day of an instant, as the page writes it (the one day rule). */
const day = (iso: string) => dayOf(Date.parse(iso), ACCOUNT_ZONE);

test.beforeAll(async ({ request }) => {
  const { call: admin, id: adminId } = await as(request, 'admin');
  const agent = await admin<{ id: number }>('/user/insertUser', {
    username: agentName,
    password: PASSWORD,
    role: 2,
    parentId: adminId,
    nickname: 'Renew Test Agent',
  });
  await admin('/user/insertUser', {
    username: customerName,
    password: PASSWORD,
    role: 3,
    parentId: agent.id,
  });
  await admin('/card/transfer', { userId: agent.id, cardType: 2, count: 5 });
  // The administrator may import trackers without a factory record straight into the agent's account.
  await admin('/device/deviceImport', { imeis: imeis.join('\n'), importProtocol: 2, userId: agent.id });
  await admin('/device/deviceUpdateTime', {
    terminalIDs: imeis,
    platformExpireAt: new Date(Date.now() + 30 * DAY).toISOString(),
  });
});

test('an agent holding cards renews from the device panel, after seeing what will happen', async ({
  page,
}) => {
  await login(page, agentName);
  const mine = async () => apiPost<Device[]>(page, '/device/findDeviceLocationAll', {});
  const before = (await mine()).find((d) => d.terminalID === imeis[0])!;

  await page.getByTestId('device-search').fill(imeis[0]!);
  await page.getByTestId('device-row').click();
  await page.getByTestId('action-renew').click();
  await expect(page).toHaveURL(new RegExp(`/index/order/renew\\?terminalID=${imeis[0]}`));
  // Its own cards are offered, never "ask your agent".
  await expect(page.getByTestId('renew-next-step')).toHaveCount(0);
  const cards = page.getByTestId('renew-card-type');
  await expect(cards).toContainText('1 year · 5 held');
  await expect(cards.locator('.ant-radio-button-wrapper-checked')).toContainText('1 year');

  await page.getByTestId('card-renew-next').click();
  const plan = page.getByTestId('plan');
  await expect(plan.getByTestId('plan-count')).toHaveText('1');
  await expect(plan.getByTestId('plan-cards')).toHaveText('1 — you hold 5, 4 left afterwards');
  const after = new Date(Date.parse(before.platformExpireAt!) + 365 * DAY).toISOString();
  await expect(plan.getByTestId('plan-expiry')).toHaveText(
    `${day(before.platformExpireAt!)} → ${day(after)}`,
  );
  await page.screenshot({ path: 'docs/screenshots/renew-by-card-confirm.png' });

  // Back: nothing happened.
  await page.getByTestId('plan-back').click();
  await expect(plan).toHaveCount(0);
  expect((await mine()).find((d) => d.terminalID === imeis[0])!.platformExpireAt).toBe(
    before.platformExpireAt,
  );

  await page.getByTestId('card-renew-next').click();
  await page.getByTestId('plan-confirm').click();
  await expect(page.getByTestId('batch-summary')).toContainText('Succeeded1');
  await expect(page.getByTestId('renewed-items')).toContainText(day(after));
  expect((await mine()).find((d) => d.terminalID === imeis[0])!.platformExpireAt).toBe(after);
  await expect(cards).toContainText('1 year · 4 held');
});

test('a transfer shows the devices and the new owner, and moves them only on Confirm', async ({ page }) => {
  await login(page, agentName, '/index/device/deviceListV2');
  const list = page.getByTestId('list-deviceListV2');
  const row = list.locator(`tr[data-row-key="${imeis[1]}"]`);
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('batch-transfer').click();
  const dialog = page.getByRole('dialog');
  await pickAccount(page, dialog.getByTestId('account-select'), customerName);
  await dialog.getByTestId('action-ok').click();

  const plan = page.getByTestId('plan');
  await expect(plan.getByTestId('plan-new-owner')).toHaveText(customerName);
  await expect(plan.getByTestId('plan-count')).toHaveText('1');
  await expect(plan.getByTestId('plan-items')).toContainText(imeis[1]!);
  await expect(plan.getByTestId('plan-items')).toContainText(agentName);
  await page.screenshot({ path: 'docs/screenshots/transfer-confirm.png' });
  const ownerOf = async () =>
    (await apiPost<Device[]>(page, '/device/findDeviceLocationAll', {})).find(
      (d) => d.terminalID === imeis[1],
    )!.userId;
  const agentId = await ownerOf();

  await page.getByTestId('plan-back').click();
  expect(await ownerOf()).toBe(agentId);
  await dialog.getByTestId('action-ok').click();
  await page.getByTestId('plan-confirm').click();
  await expect(dialog.getByTestId('batch-summary')).toContainText('Succeeded1');
  expect(await ownerOf()).not.toBe(agentId);
});
