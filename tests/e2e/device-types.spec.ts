import { expect, test } from '@playwright/test';
import { tokenOf } from './device-support';
import { login } from './helpers';

// A device type's location acks (issue 17): the administrator sets them on the model form.

test('the administrator turns a model’s location acks off and back to the protocol default', async ({
  page,
}) => {
  await login(page, 'admin', '/index/device/deviceConfig');
  const row = page.getByTestId('list-deviceConfig').locator('tr.ant-table-row', { hasText: 'GT06N' }).first();
  await row.getByTestId('row-editType').click();
  const modal = page.locator('.ant-modal');
  await expect(modal.getByText('Location acks')).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'Protocol default' })).toBeChecked();
  await modal.locator('label.ant-radio-button-wrapper:has(input[value=off])').click();
  await page.getByTestId('action-ok').click();
  await expect(modal).toHaveCount(0);

  await row.getByTestId('row-editType').click();
  await expect(modal.getByRole('radio', { name: 'Off' })).toBeChecked();
  await modal.locator('label.ant-radio-button-wrapper:has(input[value=protocol])').click();
  await page.getByTestId('action-ok').click();
  await expect(modal).toHaveCount(0);

  const detail = await page.request.post('/api/config/findDeviceTypeDetail', {
    data: { deviceType: 'GT06N' },
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect((await detail.json()).data.locationAck).toBe('protocol');
});
