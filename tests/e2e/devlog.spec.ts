import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { GT06, JT808 } from '../unit/gateway/frames';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { login } from './helpers';
import { findGt06Port } from './monitor-support';

const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);

/**
 * A GT06 device of agent2's tree, which no other browser test drives; found over the API as
 * agent2 (the log account sees frames, not accounts' device lists).
 */
async function trackerImei(
  request: APIRequestContext,
): Promise<{ terminalID: string; lat: number; lon: number }> {
  const login = await request.post('/api/login', { data: { username: 'agent2', password: '123456' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.post('/api/device/findDeviceLocationAll', {
    data: {},
    headers: { Authorization: `Bearer ${token}` },
  });
  type D = {
    terminalID: string;
    deviceProtocol: number;
    platformExpireAt: string | null;
    location: { lat: number; lon: number } | null;
  };
  const list = ((await res.json()) as { data: D[] }).data;
  const d = list.find(
    (x) =>
      x.deviceProtocol === DEVICE_PROTOCOL.Gt06 &&
      x.location &&
      (!x.platformExpireAt || Date.parse(x.platformExpireAt) > Date.now()),
  );
  if (!d) throw new Error('no GT06 device of agent2');
  return { terminalID: d.terminalID, ...d.location! };
}

test('the log account watches a simulated tracker live and finds its frames in the search', async ({
  page,
  request,
}) => {
  const d = await trackerImei(request);
  const port = await findGt06Port(WEB_PORT, d.terminalID);
  await login(page, 'log', '/test/log/monitor');
  await expect(page.getByText('This screen is being built')).toHaveCount(0);
  await page.getByTestId('log-imeis').fill(`${d.terminalID}\n`);
  await expect(page.getByTestId('log-count')).toContainText('1 / 400');
  await page.getByTestId('log-watch').click();
  await expect(page.getByTestId('log-watching')).toBeVisible();

  const sim = new SimDevice(
    { terminalId: d.terminalID, family: 'gt06', lat: d.lat, lon: d.lon, seed: 11 },
    {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: port, jt808: 0 },
      intervalSec: 1,
      // Heartbeats often, so the search's newest page holds the gateway's replies to them.
      heartbeatSec: 2,
      reconnect: false,
    },
  );
  await sim.start();
  try {
    const lines = page.getByTestId('log-line');
    // Its login and the gateway's ack, then positions, decoded, as they arrive.
    await expect(
      lines
        .filter({ hasText: d.terminalID })
        .filter({ hasText: /Received|上行/ })
        .filter({ hasText: 'login' }),
    ).not.toHaveCount(0);
    await expect(lines.filter({ hasText: /location .*latitude=/ }).first()).toBeVisible();
    await expect(lines.first()).toContainText(d.terminalID);
    await expect(page.getByTestId('log-lines')).not.toContainText(/^0 /);
    await page.screenshot({ path: 'docs/screenshots/log-monitor.png' });

    await page.goto('/test/log/search');
    await page.locator('#terminalID').fill(d.terminalID);
    await page
      .getByRole('button', { name: /query|search|查询/i })
      .first()
      .click();
    const rows = page.locator('tr.ant-table-row');
    await expect(rows.filter({ hasText: /location latitude=/ }).first()).toBeVisible();
    // The gateway's replies are logged too: to the login or a heartbeat (a GT06 0x12 location
    // gets no ack on the protocol default).
    await expect(rows.filter({ hasText: /reply GT06 0x(01|13)/ }).first()).toBeVisible();
    // Every decoded field on expanding a received location.
    await rows
      .filter({ hasText: /location latitude=/ })
      .first()
      .locator('.ant-table-row-expand-icon')
      .click();
    const detail = page.getByTestId('row-detail').first();
    await expect(detail).toContainText('latitude');
    await expect(detail).toContainText('checksumOk');
    await page.screenshot({ path: 'docs/screenshots/log-search.png' });

    // Its connection: held by the e2e server's gateway, with its last frame.
    await page.goto('/test/log/deviceState');
    await page.locator('#terminalID').fill(d.terminalID);
    await page
      .getByRole('button', { name: /search|查询/i })
      .first()
      .click();
    const state = page.locator('tr.ant-table-row').filter({ hasText: d.terminalID });
    await expect(state).toHaveCount(1);
    await expect(state).toContainText(/Online|在线/);
    await expect(state).toContainText('127.0.0.1:');
  } finally {
    sim.stop();
  }
});

test('the log account decodes a pasted GT06 login and a JT/T 808 location with the gateway reply', async ({
  page,
}) => {
  await login(page, 'log', '/test/log/decode');
  await page.getByTestId('decode-hex').fill(GT06.login);
  await page.getByTestId('decode-run').click();
  const result = page.getByTestId('decode-result');
  await expect(result).toContainText('GT06');
  await expect(result).toContainText('864717003283581');
  await expect(page.getByTestId('decode-reply')).toHaveText('78780501000955940d0a');

  await page.getByTestId('decode-hex').fill(JT808.location);
  await page.getByTestId('decode-run').click();
  await expect(result).toContainText('JT/T 808');
  await expect(result).toContainText('location');
  await expect(page.getByTestId('decode-reply')).toContainText(/^7e8001/);
  await page.screenshot({ path: 'docs/screenshots/log-decode.png', fullPage: true });

  await page.getByTestId('decode-hex').fill('not hex');
  await page.getByTestId('decode-run').click();
  await expect(page.getByTestId('decode-error')).toBeVisible();
});
