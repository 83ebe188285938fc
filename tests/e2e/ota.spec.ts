import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { login, logout } from './helpers';

const option = (title: string) => `.ant-select-dropdown:visible .ant-select-item-option[title${title}]`;

/**
 * OTA (issue 15, part 4), descriptor screens: the factory account uploads a firmware image (a
 * file field posted as the raw body), downloads it back with its token, and starts a job over
 * every terminal of its type; the OTA viewer sees the jobs and their devices, read-only.
 */
test('firmware upload and download, a job over a device type, and the read-only viewer', async ({ page }) => {
  await login(page, 'test', '/test/qc/search');

  // Firmware files: upload one, see its size and checksums, download it.
  await page.goto('/test/ota/otaHttp');
  const firmwares = page.getByTestId('list-otaHttp');
  await expect(firmwares.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('toolbar-upload').click();
  const bytes = Buffer.concat([Buffer.from('VERSION=V9.1.0\n'), Buffer.alloc(4000, 7)]);
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: 'jt808a-e2e.bin',
    mimeType: 'application/octet-stream',
    buffer: bytes,
  });
  await page.locator('.ant-modal #deviceType').click();
  await page.locator(option('^="JT808-A"')).click();
  await page.locator('.ant-modal #version').fill('V9.1.0');
  await page.getByTestId('action-ok').click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  const uploaded = firmwares.locator('tr.ant-table-row', { hasText: 'jt808a-e2e.bin' });
  await expect(uploaded).toContainText('V9.1.0');
  await expect(uploaded).toContainText('3.9 KB');
  await expect(uploaded).toContainText(createHash('md5').update(bytes).digest('hex'));
  const download = page.waitForEvent('download');
  await uploaded.getByTestId('row-download').click();
  expect((await download).suggestedFilename()).toBe('jt808a-e2e.bin');
  await page.screenshot({ path: 'docs/screenshots/ota-firmware.png', fullPage: true });

  // Jobs: every JT808-A terminal; the row opens its devices.
  await page.goto('/test/ota/otaList');
  await page.getByTestId('toolbar-createJob').click();
  await page.locator('.ant-modal #name').fill('E2E rollout');
  await page.locator('.ant-modal #firmwareId').click();
  await page.locator(option('*="V9.1.0"')).click();
  await page.locator('.ant-modal label.ant-radio-button-wrapper:has(input[value=type])').click();
  await page.getByTestId('action-ok').click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  const job = page.getByTestId('list-otaList').locator('tr.ant-table-row', { hasText: 'E2E rollout' });
  await expect(job).toContainText('V9.1.0');
  await expect(job.getByTestId('row-cancel')).toBeVisible();
  await job.click();
  const devices = page.locator('[data-testid^="ota-devices-"]').first();
  await expect(devices.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(devices.getByTestId('ota-status-pending').first()).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/ota-list.png', fullPage: true });
  await logout(page);

  // The OTA viewer: the same jobs and devices, and nothing to change them with.
  await login(page, 'otalook', '/test/otaUpdateListForUser');
  const list = page.getByTestId('list-otaUpdateListForUser');
  await expect(list.locator('tr.ant-table-row', { hasText: 'E2E rollout' })).toBeVisible();
  await expect(page.getByTestId('toolbar-createJob')).toHaveCount(0);
  await expect(list.locator('[data-testid^="row-"]')).toHaveCount(0);
  await list
    .locator('tr.ant-table-row', { hasText: 'JT808-A' })
    .filter({ hasText: 'V2.3.0' })
    .first()
    .click();
  const seenDevices = page.locator('[data-testid^="ota-devices-"]').first();
  await expect(seenDevices.getByTestId('ota-status-success').first()).toBeVisible();
  await expect(seenDevices.locator('.ant-btn')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/ota-viewer.png', fullPage: true });
});
