import { expect, test, type Page } from '@playwright/test';
import { DEVICE_STATE } from '../../src/domain/codes';
import { chooseLanguage, login, settled } from './helpers';
import { apiPost, type ApiDevice } from './monitor-support';

// Pictures of the monitor for docs/screenshots (kept in the repository).
const shot = (name: string) => `docs/screenshots/${name}`;

test.use({ viewport: { width: 1440, height: 900 } });
// The machine is shared: the first load of the map chunk can take a while.
test.setTimeout(120_000);

/** Logs in and waits until the map has drawn its markers and the list its rows. */
async function openMonitor(page: Page) {
  await login(page, 'agent');
  await expect(page.getByTestId('device-row').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => (window.__monitor?.markers ?? 0) > 0, undefined, { timeout: 20_000 });
}

async function selectOnlineDevice(page: Page) {
  const devices = await apiPost<ApiDevice[]>(page, '/device/findDeviceLocationAll', {});
  const d =
    devices.find((x) => x.state === DEVICE_STATE.online && x.location) ?? devices.find((x) => x.location)!;
  // Pick it from the list without filtering, so the picture shows a full list.
  await page.getByTestId('device-search').fill(d.terminalID);
  await page.getByTestId('device-row').click();
  await page.getByTestId('device-search').fill('');
  await expect(page.getByTestId('panel-address')).not.toHaveText('Looking up…');
  // Let the map finish its fly-to.
  await settled(page.getByTestId('monitor-map'));
}

test('monitor with the list and a selected device', async ({ page }) => {
  await openMonitor(page);
  await selectOnlineDevice(page);
  await page.screenshot({ animations: 'disabled', path: shot('monitor.png') });
});

test('clustered markers when zoomed out', async ({ page }) => {
  await openMonitor(page);
  await page.getByTestId('fit').click();
  await settled(page.getByTestId('monitor-map'));
  await page.screenshot({ animations: 'disabled', path: shot('monitor-clusters.png') });
});

test('device panel', async ({ page }) => {
  await openMonitor(page);
  await selectOnlineDevice(page);
  await page
    .getByTestId('device-panel')
    .screenshot({ animations: 'disabled', path: shot('monitor-panel.png') });
});

test('monitor in Chinese', async ({ page }) => {
  await openMonitor(page);
  await chooseLanguage(page, '简体中文');
  await expect(page.getByTestId('tab-all')).toContainText('全部');
  await selectOnlineDevice(page);
  await page.screenshot({ animations: 'disabled', path: shot('monitor-cn.png') });
});
