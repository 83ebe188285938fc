import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { demoSpecs } from '../../server/sim/fleet';
import { login, logout, preferLanguage } from './helpers';
import { findGt06Port } from './monitor-support';

/**
 * Factory batch commands and settings (issue 15, part 7): the factory account (UI in Chinese)
 * sends a batch command and reads its per-device results, subscribes an NB-IoT notice type;
 * the platform configuration account saves a customer's platform.
 */

const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);

/** The command picker's labels are the Chinese ones: the factory user works in Chinese (their pick). */
const cnCommand = JSON.parse(readFileSync('locales/cn/command.json', 'utf8')) as {
  name: Record<string, string>;
};

const rowOf = (page: Page, list: string, text: string) =>
  page.getByTestId(`list-${list}`).locator('tr.ant-table-row').filter({ hasText: text });

async function chooseOption(page: Page, field: string, label: string) {
  await page.locator(`.ant-modal .ant-select:has(#${field})`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

test('the factory sends a batch command, reads its results and subscribes an NB notice', async ({ page }) => {
  const imeis = demoSpecs('mix')
    .filter((s) => s.family === 'gt06')
    .slice(0, 2)
    .map((s) => s.terminalId);
  // The first terminal is a simulated tracker that answers; the second stays offline.
  const port = await findGt06Port(WEB_PORT, imeis[0]!);
  const sim = new SimDevice(
    { terminalId: imeis[0]!, family: 'gt06', lat: 22.54, lon: 114.05, seed: 3 },
    { ...DEFAULT_SIM_OPTIONS, ports: { gt06: port, jt808: 0 }, manual: true, reconnect: false },
  );
  await sim.start();
  try {
    await preferLanguage(page, 'cn');
    await login(page, 'test', '/test/mutiCmd/sendMutiCmd');
    await page.getByTestId('batch-imeis').fill(imeis.join('\n'));
    await page.getByTestId('command-select').click();
    await page.locator(`.ant-select-item-option[title="${cnCommand.name.uploadInterval}"]`).click();
    await page.getByTestId('param-interval').fill('60');
    await expect(page.getByTestId('command-preview')).toHaveText('TIMER,60#');
    await page.getByTestId('batch-submit').click();
    const bar = page.getByTestId('batch-progress');
    await expect(bar.locator('.ant-progress-text')).toHaveText('100%', { timeout: 60_000 });
    await expect(bar).toHaveAttribute('data-done', '2');

    // Its results: one row per terminal with what became of the command.
    await page.getByTestId('batch-results-link').click();
    await expect(page).toHaveURL(/\/test\/mutiCmd\/searchResultCmd\?batchId=/);
    for (const imei of imeis) await expect(rowOf(page, 'searchResultCmd', imei)).toContainText('TIMER,60#');
    await expect(rowOf(page, 'searchResultCmd', imeis[0]!)).toContainText('成功');
    await expect(rowOf(page, 'searchResultCmd', imeis[1]!)).toContainText('未发送');
    await expect(page.getByTestId('list-searchResultCmd').locator('tr.ant-table-row')).toHaveCount(2);
    await page.screenshot({ path: 'docs/screenshots/factory-batch.png', fullPage: true });

    // NB-IoT subscriptions: the seeded ones, and a new notice type through the sandbox platform.
    await page.goto('/test/setting/subscribe');
    await expect(rowOf(page, 'subscribe', 'deviceInfoChanged')).toBeVisible();
    await page.getByTestId('toolbar-nbSubscribe').click();
    await chooseOption(page, 'notifyType', 'commandRsp');
    await page.getByTestId('action-ok').click();
    await expect(page.locator('.ant-modal')).toHaveCount(0);
    const added = rowOf(page, 'subscribe', 'commandRsp');
    await expect(added).toContainText('/api/nb/notify/nb');
    await expect(added).toContainText('sandbox');
    await page.screenshot({ path: 'docs/screenshots/factory-subscribe.png', fullPage: true });
    await logout(page);
  } finally {
    sim.stop();
  }
});

test('the platform configuration account saves a customer’s platform', async ({ page }) => {
  await login(page, 'configplatform', '/test/configPlatformForUser');
  const row = page
    .getByTestId('list-configPlatformForUser')
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: 'agent2', exact: true }) });
  await row.getByTestId('row-save').click();
  await page.locator('.ant-modal #host').fill('trk.example.net');
  await page.locator('.ant-modal #port').fill('9000');
  await page.locator('.ant-modal #apn').fill('internet');
  await page.locator('.ant-modal #uploadInterval').fill('60');
  await page.getByTestId('action-ok').click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  await expect(row).toContainText('trk.example.net');
  await expect(row).toContainText('9000');
  await expect(row).toContainText('internet');
  await page.screenshot({ path: 'docs/screenshots/factory-config-platform.png', fullPage: true });
});
