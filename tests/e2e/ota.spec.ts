import { expect, test } from '@playwright/test';
import { login, logout } from './helpers';

/**
 * OTA (issue 15, part 4): the factory account uploads a firmware image and starts a job over
 * every terminal of its type; the OTA viewer sees the jobs and their devices, read-only.
 */
test('firmware upload, a job over a device type, and the read-only viewer', async ({ page }) => {
  await login(page, 'test', '/test/qc/search');

  // Firmware files: upload one, see its size and checksums.
  await page.goto('/test/ota/otaHttp');
  const firmwares = page.getByTestId('ota-firmwares');
  await expect(firmwares.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('ota-upload').click();
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: 'jt808a-e2e.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.concat([Buffer.from('VERSION=V9.1.0\n'), Buffer.alloc(4000, 7)]),
  });
  await page.getByTestId('ota-upload-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="JT808-A"]').click();
  await page.getByTestId('ota-upload-version').fill('V9.1.0');
  await page.getByTestId('ota-upload-ok').click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  const uploaded = firmwares.locator('tr.ant-table-row', { hasText: 'jt808a-e2e.bin' });
  await expect(uploaded).toContainText('V9.1.0');
  await expect(uploaded).toContainText('3.9 KB');
  await expect(uploaded).toContainText('md5 ');
  await page.screenshot({ path: 'docs/screenshots/ota-firmware.png', fullPage: true });

  // Jobs: every JT808-A terminal; the row opens its devices.
  await page.goto('/test/ota/otaList');
  await page.getByTestId('ota-create').click();
  await page.getByTestId('ota-job-name').fill('E2E rollout');
  await page.getByTestId('ota-job-firmware').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title*="V9.1.0"]').click();
  await page.locator('.ant-modal label.ant-radio-button-wrapper:has(input[value=type])').click();
  await page.getByTestId('ota-create-ok').click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  const job = page.getByTestId('ota-jobs').locator('tr.ant-table-row', { hasText: 'E2E rollout' });
  await expect(job).toContainText('V9.1.0');
  await job.click();
  const devices = page.locator('[data-testid^="ota-devices-"]').first();
  await expect(devices.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(devices.getByTestId('ota-status-pending').first()).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/ota-list.png', fullPage: true });
  await logout(page);

  // The OTA viewer: the same jobs and devices, and nothing to change them with.
  await login(page, 'otalook', '/test/otaUpdateListForUser');
  const seen = page.getByTestId('ota-jobs').locator('tr.ant-table-row', { hasText: 'E2E rollout' });
  await expect(seen).toBeVisible();
  await expect(page.getByTestId('ota-create')).toHaveCount(0);
  await page.getByTestId('ota-jobs').locator('tr.ant-table-row', { hasText: 'JT808-A V2.3.0' }).click();
  const seenDevices = page.locator('[data-testid^="ota-devices-"]').first();
  await expect(seenDevices.getByTestId('ota-status-success').first()).toBeVisible();
  await expect(seenDevices.locator('.ant-btn')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/ota-viewer.png', fullPage: true });
});
