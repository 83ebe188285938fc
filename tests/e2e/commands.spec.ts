import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { chooseLanguage, login } from './helpers';
import { apiPost, findGt06Port } from './monitor-support';

const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);

interface Device {
  id: number;
  terminalID: string;
  deviceType: string;
  deviceProtocol: number;
  platformExpireAt: string | null;
  location: { lat: number; lon: number } | null;
}

/**
 * A GT06 device of the agent no other test drives: the monitor's tests take the first GT06
 * device and the fence alarm flow the last, so the console takes a JM-VL01 from the middle.
 */
async function consoleDevice(page: Page): Promise<Device> {
  const list = await apiPost<Device[]>(page, '/device/findDeviceLocationAll', {});
  const live = (x: Device) => !x.platformExpireAt || Date.parse(x.platformExpireAt) > Date.now() + 86_400_000;
  const usable = list.filter((x) => x.deviceType === 'JM-VL01' && x.location && live(x));
  const d = usable[Math.floor(usable.length / 2)];
  if (!d) throw new Error('no JM-VL01 device with a position');
  return d;
}

/** A simulated tracker on the e2e gateway that answers commands as a Concox device does. */
async function tracker(d: Device) {
  const port = await findGt06Port(WEB_PORT, d.terminalID);
  const sim = new SimDevice(
    { terminalId: d.terminalID, family: 'gt06', lat: d.location!.lat, lon: d.location!.lon, seed: 5 },
    { ...DEFAULT_SIM_OPTIONS, ports: { gt06: port, jt808: 0 }, manual: true, reconnect: false },
  );
  await sim.start();
  return sim;
}

async function pickCommand(page: Page, label: string) {
  await page.getByTestId('command-select').click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
}

test('the console cuts the fuel of a connected tracker and shows the reply in English and Chinese', async ({
  page,
}) => {
  await login(page, 'agent');
  const d = await consoleDevice(page);
  const sim = await tracker(d);
  try {
    await page.goto(`/index/directive?terminalID=${d.terminalID}`);
    await expect(page.getByText('This screen is being built')).toHaveCount(0);
    await expect(page.getByTestId('device-state')).toHaveText('Online');
    await pickCommand(page, 'Cut off fuel');
    await expect(page.getByTestId('command-preview')).toHaveText('Relay,1#');
    await page.getByTestId('command-send').click();
    // Fuel cut asks first.
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    const result = page.getByTestId('command-result');
    await expect(result).toHaveAttribute('data-result', 'success');
    await expect(page.getByTestId('command-reply')).toHaveText('Cut off the fuel supply: Success!');
    const history = page.getByTestId('command-history');
    await expect(history.locator('tr.ant-table-row').first()).toContainText('Relay,1#');
    await expect(history.locator('tr.ant-table-row').first()).toContainText('agent');
    await page.screenshot({ path: 'docs/screenshots/command-console.png' });

    await chooseLanguage(page, '简体中文');
    await expect(history.locator('tr.ant-table-row').first()).toContainText('断油断电成功');
    // Sent from the Chinese page: the reply shown in Chinese at once.
    await pickCommand(page, '恢复油电');
    await page.getByTestId('command-send').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect(page.getByTestId('command-reply')).toHaveText('恢复油电成功');
    await page.screenshot({ path: 'docs/screenshots/command-console-cn.png' });
  } finally {
    sim.stop();
  }
});

test('a parameter out of its range is refused before anything is sent', async ({ page }) => {
  await login(page, 'agent');
  const d = await consoleDevice(page);
  await page.goto(`/index/directive?terminalID=${d.terminalID}`);
  await pickCommand(page, 'Upload interval');
  const interval = page.getByTestId('param-interval');
  await expect(interval).toHaveValue('30');
  await expect(page.getByText('From 10 to 18000 seconds')).toBeVisible();
  await interval.fill('5');
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/command/sendCommand')) sent = true;
  });
  await page.getByTestId('command-send').click();
  await expect(page.getByText('Interval must be from 10 to 18000')).toBeVisible();
  await expect(page.getByTestId('command-preview')).toHaveCount(0);
  expect(sent).toBe(false);
  await page.screenshot({ path: 'docs/screenshots/command-range.png' });
  // The server holds the same rule for a caller that skips the form.
  const answer = await page.evaluate(async (terminalID) => {
    const token = JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').token as string;
    const r = await fetch('/api/command/sendCommand', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ terminalID, commandKey: 'uploadInterval', params: { interval: 5 } }),
    });
    return r.json();
  }, d.terminalID);
  expect(answer.meta).toMatchObject({ success: false, key: 'commandParamRange' });
});

test('the demo account cannot send: the button is off and says why, with the one demo text', async ({ page }) => {
  await login(page, 'demo');
  const list = await apiPost<Device[]>(page, '/device/findDeviceLocationAll', {});
  await page.goto(`/index/directive?terminalID=${list[0]!.terminalID}`);
  await pickCommand(page, 'Locate now');
  await expect(page.getByTestId('command-send')).toBeDisabled();
  await page.locator('[data-write-blocked="true"]').filter({ has: page.getByTestId('command-send') }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('DEMO accounts cannot use this function!');
});

test('the monitor panel opens the console on the selected device', async ({ page }) => {
  await login(page, 'agent');
  const d = await consoleDevice(page);
  await page.goto(`/index/home`);
  await page.getByTestId('device-search').fill(d.terminalID);
  await page.getByTestId('device-row').click();
  await page.getByTestId('device-panel').getByTestId('action-command').click();
  await expect(page).toHaveURL(new RegExp(`/index/directive\\?terminalID=${d.terminalID}`));
  await expect(page.getByTestId('directive-device')).toContainText(d.terminalID);
});
