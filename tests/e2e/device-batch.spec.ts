import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkTerminalId } from '../../server/db/seed/bulk';
import { startServerProcess, type ServerProcess } from '../support/processes';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { submitLogin } from './helpers';
import { expandFilters, expectTotal, pasteInto } from './device-support';
import { findGt06Port } from './monitor-support';
import { anyFreeTrackerPorts } from '../../server/gateway/port-settings';

/**
 * A batch expiry change on 5,000 devices, and one command to 500 of them. The shared e2e server has only the 200 demo devices,
 * so this file starts its own server with a bulk fleet of 5,000 on the account `fleet`; it
 * serves the build of the shared run (DIST_DIR, built by playwright.config.ts).
 */
const COUNT = 5000;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'fleetgate-batch-'));
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      SIMULATOR: '0',
      ...anyFreeTrackerPorts(),
      SEED_BULK_DEVICES: String(COUNT),
      SEED_BULK_USERNAME: 'fleet',
      STATIC_DIR: process.env.DIST_DIR ?? 'dist',
      LOGIN_RATE_PER_IP: '1000',
    },
    200_000,
  );
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a batch expiry change on 5,000 devices shows its progress and result', async ({ page }) => {
  test.setTimeout(180_000);
  const base = `http://127.0.0.1:${server.port}`;
  // Every progress message the page's websockets receive.
  const progress: { done: number; total: number }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const msg = JSON.parse(String(f.payload)) as { type?: string; done: number; total: number };
      if (msg.type === 'batch') progress.push(msg);
    }),
  );

  await page.goto(`${base}/login`);
  await submitLogin(page, 'fleet');
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto(`${base}/index/device/deviceUpdateTime`);

  const imeis = Array.from({ length: COUNT }, (_, i) => bulkTerminalId('gt06', i + 1));
  await pasteInto(page.getByTestId('batch-imeis'), imeis.join('\n'));
  await expect(page.getByText(`${COUNT} IMEIs; at most 10000 at once.`)).toBeVisible();
  await page.locator('#newPlatformExpireAt').click();
  await page.locator('#newPlatformExpireAt').fill('2031-06-30');
  await page.keyboard.press('Enter');
  await page.getByTestId('batch-submit').click();

  const bar = page.getByTestId('batch-progress');
  await expect(bar).toBeVisible();
  await expect(bar.locator('.ant-progress-text')).toHaveText('100%', { timeout: 120_000 });
  await expect(bar).toHaveAttribute('data-done', String(COUNT));
  const summary = page.getByTestId('batch-summary');
  await expect(summary).toContainText('Total5,000');
  await expect(summary).toContainText('Succeeded5,000');
  await expect(summary).toContainText('Failed0');
  // The bar was fed over the websocket, ending with done === total.
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.at(-1)).toMatchObject({ done: COUNT, total: COUNT });
  await page.screenshot({
    animations: 'disabled',
    path: 'docs/screenshots/device-batch-progress.png',
    fullPage: true,
  });
});

test('one command to 500 devices: progress to 100 %, then its results searched and exported', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const base = `http://127.0.0.1:${server.port}`;
  const imeis = Array.from({ length: 500 }, (_, i) => bulkTerminalId('gt06', i + 1));
  // 40 of them connected and answering; the others are offline GT06 devices (not queued).
  const port = await findGt06Port(server.port, imeis[0]!);
  const sims = imeis
    .slice(0, 40)
    .map(
      (terminalId, i) =>
        new SimDevice(
          { terminalId, family: 'gt06', lat: 22.5 + i * 0.001, lon: 114.05, seed: i + 1 },
          { ...DEFAULT_SIM_OPTIONS, ports: { gt06: port, jt808: 0 }, manual: true, reconnect: false },
        ),
    );
  const progress: { done: number; total: number }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const msg = JSON.parse(String(f.payload)) as { type?: string; done: number; total: number };
      if (msg.type === 'batch') progress.push(msg);
    }),
  );
  try {
    await Promise.all(sims.map((s) => s.start()));
    await page.goto(`${base}/login`);
    await submitLogin(page, 'fleet');
    await expect(page.getByTestId('header-user')).toBeVisible();
    await page.goto(`${base}/index/device/multipleCmd`);
    await pasteInto(page.getByTestId('batch-imeis'), imeis.join('\n'));
    await page.getByTestId('command-select').click();
    await page.locator('.ant-select-item-option[title="Upload interval"]').click();
    await page.getByTestId('param-interval').fill('60');
    await expect(page.getByTestId('command-preview')).toHaveText('TIMER,60#');
    await page.getByTestId('batch-submit').click();

    const bar = page.getByTestId('batch-progress');
    await expect(bar.locator('.ant-progress-text')).toHaveText('100%', { timeout: 120_000 });
    await expect(bar).toHaveAttribute('data-done', '500');
    const summary = page.getByTestId('batch-summary');
    await expect(summary).toContainText('Total500');
    await expect(summary).toContainText('Failed460');
    expect(progress.at(-1)).toMatchObject({ done: 500, total: 500 });
    await page.screenshot({ path: 'docs/screenshots/command-batch.png', fullPage: true });

    // Its results: every device of the batch, then only those that answered, then the file.
    await page.getByTestId('batch-results-link').click();
    await expect(page).toHaveURL(/multipleCmdSearch\?batchId=/);
    await expectTotal(page, 500);
    await expandFilters(page);
    await page.locator('#status').click();
    await page.locator('.ant-select-item-option[title="Success"]').click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expectTotal(page, 40);
    await expect(page.locator('tr.ant-table-row').first()).toContainText('TIMER,60#');
    await page.screenshot({ path: 'docs/screenshots/command-batch-results.png', fullPage: true });
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(41);
    const cells = (sheet.getSheetValues().filter(Boolean) as unknown[][]).slice(1).map((r) => r.join(' '));
    for (const line of cells) expect(line).toContain('TIMER,60#');
  } finally {
    for (const s of sims) s.stop();
  }
});
