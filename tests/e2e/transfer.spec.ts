import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { demoSpecs } from '../../server/sim/fleet';
import { freePort, startServerProcess, type ServerProcess } from '../support/processes';
import { submitLogin } from './helpers';

/**
 * IP transfer in the browser (issue 15, part 6). The shared e2e server has one GT06 port, so
 * this file starts its own with a second one (GT06_PORT_2, the npm start setting): simulated
 * trackers on the first port are sent to the second and shown moved.
 */
test.describe.configure({ mode: 'serial' });

let server: ServerProcess;
let dataDir: string;
let secondPort: number;
const sims: SimDevice[] = [];
const specs = demoSpecs('gt06').slice(0, 5);
const moving = specs.slice(0, 4);
const offline = specs[4].terminalId;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'fleetgate-transfer-'));
  secondPort = await freePort();
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      GT06_PORT_2: String(secondPort),
      STATIC_DIR: process.env.DIST_DIR ?? 'dist',
      LOGIN_RATE_PER_IP: '1000',
    },
    200_000,
  );
  for (const spec of moving) {
    const sim = new SimDevice(spec, {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: server.gt06Port, jt808: server.jt808Port },
      manual: true,
      reconnect: false,
      alarmChance: 0,
    });
    sims.push(sim);
    await sim.start();
  }
  // Logged in and recorded as connected (device_connections) well before the transfer is sent.
  await new Promise((r) => setTimeout(r, 1500));
});

test.afterAll(async () => {
  for (const s of sims) s.stop();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the transfer account moves simulated trackers to a second port and sees them moved', async ({
  page,
}) => {
  const base = `http://127.0.0.1:${server.port}`;
  await page.goto(`${base}/login`);
  await submitLogin(page, 'testtransferip');
  await expect(page).toHaveURL(`${base}/test/transferIp/transferIp`);
  await expect(page.getByText('This screen is being built')).toHaveCount(0);

  await page.getByTestId('report-lines').fill([...moving.map((s) => s.terminalId), offline].join('\n'));
  await page.locator('#host').fill('127.0.0.1');
  await page.locator('#port').fill(String(secondPort));
  await page.locator('#name').fill('Line 3 to the new gateway');
  await page.getByTestId('report-submit').click();

  const summary = page.getByTestId('report-summary');
  await expect(summary).toHaveAttribute('data-ok', '4');
  await expect(summary).toHaveAttribute('data-failed', '1');
  const report = page.getByTestId('report-table');
  await expect(report.getByText('Confirmed')).toHaveCount(4);
  await expect(report.getByText('The terminal is offline: the command was not sent')).toBeVisible();
  // Tall enough for the form and its report (a full-page shot would repeat the fixed header).
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.screenshot({ path: 'docs/screenshots/transfer-ip.png' });

  // The transfers list links each transfer to its devices.
  await page.goto(`${base}/test/transferIp/transferIpResults`);
  const transfers = page.getByTestId('list-transferIpResults');
  // The demo seed's transfer is the first; ours is the newest, on top.
  const ours = transfers.locator('tbody tr', { hasText: 'Line 3 to the new gateway' });
  await expect(ours).toContainText(`127.0.0.1:${secondPort}`);
  await ours.locator('a').first().click();
  await expect(page).toHaveURL(/transferIpResult\?transferId=2$/);
  const devices = page.getByTestId('list-transferIpResult');
  await expect(devices.locator('tbody tr.ant-table-row')).toHaveCount(5);
  // The checks after the sends mark them moved, and the list reloads by itself.
  await expect(devices.locator('.ant-tag', { hasText: 'Moved' })).toHaveCount(4);
  await expect(devices.getByText(`127.0.0.1:${secondPort}`).first()).toBeVisible();
  await page.getByTestId('toolbar-check').click();
  await expect(page.getByText('Done').first()).toBeVisible();
  // The trackers report to the second port now.
  expect(sims.map((s) => s.server?.port)).toEqual(moving.map(() => secondPort));
});

test('the transfer-result account reads the results in Chinese and cannot send', async ({ page }) => {
  const base = `http://127.0.0.1:${server.port}`;
  await page.goto(`${base}/login`);
  await submitLogin(page, 'testsearch');
  await expect(page).toHaveURL(`${base}/test/transferIp/transferIpResult`);
  const devices = page.getByTestId('list-transferIpResult');
  // Newest transfer first: the trackers moved above, then the demo seed's transfer.
  for (const s of moving)
    await expect(devices.locator('tr', { hasText: s.terminalId }).locator('.ant-tag').first()).toHaveText(
      '转移成功',
    );
  await expect(devices.locator('tr', { hasText: offline }).locator('.ant-tag').first()).toHaveText('离线');
  await expect(page.getByRole('columnheader', { name: '当前地址' })).toBeVisible();
  await expect(page.getByTestId('toolbar-check')).toHaveText('立即检查');
  await page.screenshot({ path: 'docs/screenshots/transfer-result.png', fullPage: true });
  const menu = page.getByTestId('app-menu');
  await expect(menu.locator('a[href="/test/transferIp/transferIp"]')).toHaveCount(0);
});
