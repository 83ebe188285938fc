import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkTerminalId } from '../../server/db/seed/bulk';
import { startServerProcess, type ServerProcess } from '../support/processes';
import { submitLogin } from './helpers';
import { pasteInto } from './device-support';

/**
 * A batch expiry change on 5,000 devices. The shared e2e server has only the 200 demo devices,
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
      GT06_PORT: '0',
      JT808_PORT: '0',
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
