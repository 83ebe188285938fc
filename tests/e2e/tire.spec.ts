import { expect, test } from '@playwright/test';
import { login } from './helpers';
import { apiPost } from './monitor-support';

test('the tire screen shows every wheel of a TPMS truck with its four states', async ({ page }) => {
  await login(page, 'agent', '/index/tire');
  // The first TPMS vehicle is chosen by itself.
  await expect(page).toHaveURL(/\/index\/tire\?terminalID=\d+/);
  const terminalID = new URL(page.url()).searchParams.get('terminalID')!;
  const api = await apiPost<{ list: { position: number; pressureKpa: number; abnormal: boolean }[] }>(
    page,
    '/tire/findTire',
    { terminalID },
  );
  expect(api.list.length).toBeGreaterThanOrEqual(4);
  const wheels = page.getByTestId('tire-wheel');
  await expect(wheels).toHaveCount(api.list.length);
  await expect(wheels.first().getByTestId('tire-pressure-value')).toHaveText(
    `${api.list[0].pressureKpa} kPa`,
  );
  for (const kind of ['pressure', 'temperature', 'battery', 'status'])
    await expect(wheels.first().getByTestId(`tire-${kind}`)).toHaveText(/Normal|High|Low|Air leakage/);
  await expect(page.locator('[data-testid=tire-wheel][data-abnormal=true]')).toHaveCount(
    api.list.filter((w) => w.abnormal).length,
  );
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/tire.png' });

  // Another vehicle of the list: its own wheels.
  await page.getByTestId('tire-device').click();
  await page.locator('.ant-select-item-option').nth(1).click();
  await expect(page).not.toHaveURL(new RegExp(`terminalID=${terminalID}$`));
  await expect(wheels.first()).toBeVisible();
});
