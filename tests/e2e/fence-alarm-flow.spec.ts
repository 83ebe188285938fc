import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';
import { apiPost, connectGt06, findGt06Port, fixStored, ownGt06 } from './monitor-support';

const WEB_PORT = Number(process.env.E2E_PORT ?? 8091);
const CENTER = { lat: 22.61, lon: 114.02 };
/** About 0.009° of latitude per kilometre. */
const north = (km: number) => ({ lat: CENTER.lat + km * 0.009, lon: CENTER.lon });

type Alarm = { id: number; type: string; terminalID: string; read: boolean };

/** Counts the monitor's alarm tones: each beep starts one oscillator. */
async function countBeeps(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number };
    w.__beeps = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.__beeps++;
      return start.apply(this, args);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);
}

/**
 * Issue 12's whole path in the browser: a fence allocated to a device, a real GT06 tracker over
 * TCP driving into it, the platform's alarm popping up on the monitor with its tone, then marked
 * read on the alarm list.
 */
test('a fence alarm from a tracker pops up on the monitor with a tone and is marked read on the list', async ({
  page,
}) => {
  const beeps = await countBeeps(page);
  await login(page, 'agent');
  await expect(page.getByTestId('device-row').first()).toBeVisible({ timeout: 30_000 });

  // A device of this test's own: no other test moves it or alarms on it meanwhile.
  const imei = await ownGt06(page);
  const fence = await apiPost<{ id: number }>(page, '/geofencing/geofencingCircle', {
    name: `Flow ${Date.now()}`,
    center: { lng: CENTER.lon, lat: CENTER.lat },
    radius: 500,
  });
  const allocated = await apiPost<{ succeeded: number }>(page, '/fence/allocate', {
    fenceId: fence.id,
    terminalIDs: [imei],
    alarmMode: 'inout',
  });
  expect(allocated.succeeded).toBe(1);
  // The monitor lists the new device once opened again, as a user would see it.
  await page.reload();
  await expect(page.getByTestId('device-row').first()).toBeVisible({ timeout: 30_000 });

  const tracker = await connectGt06(await findGt06Port(WEB_PORT, imei), imei);
  // Fix times a vehicle can keep to (src/domain/fix-jump.ts flags faster ones): 1 km in a minute,
  // then 4 km in two, all in the past.
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 300_000;
  // Outside, then inside: the engine sees the side first, then the crossing. The fence reaches
  // the engine by a debounced reload; a second outside fix after a pause is evaluated against it
  // even if the first one beat the reload.
  tracker.send({ time: new Date(t0), ...north(5), speed: 40, course: 180 });
  await fixStored(page, imei, new Date(t0));
  tracker.send({ time: new Date(t0 + 60_000), ...north(4), speed: 40, course: 180 });
  await fixStored(page, imei, new Date(t0 + 60_000));
  const before = await beeps();
  tracker.send({ time: new Date(t0 + 180_000), ...CENTER, speed: 40, course: 180 });

  const popup = page.locator('.ant-notification-notice').filter({ hasText: 'Entered fence' });
  await expect(popup).toBeVisible();
  await expect.poll(beeps).toBeGreaterThan(before);
  await page.screenshot({ path: 'docs/screenshots/monitor-fence-alarm.png' });
  tracker.close();

  // The stored alarm, unread, then marked read on /index/alarms.
  const stored = await apiPost<{ list: Alarm[] }>(page, '/deviceAlarms/findAllAlarm', {
    terminalIDs: [imei],
    types: ['fenceIn'],
    read: 'unread',
  });
  expect(stored.list).toHaveLength(1);
  // The vehicle's alarms (other tests add alarms to the same account meanwhile).
  await page.goto(`/index/alarms?terminalIDs=${imei}`);
  const row = page.getByTestId('list-alarms').locator(`tr[data-row-key="${stored.list[0].id}"]`);
  await expect(row).toBeVisible();
  // Its address is looked up on demand (offline here: the nearest city) and saved with it.
  await row.getByTestId('show-address').click();
  await expect(row).toContainText('Shenzhen');
  await row.getByTestId('row-markRead').click();
  await expect(row).toHaveCount(0);
  const after = await apiPost<{ list: Alarm[] }>(page, '/deviceAlarms/findAllAlarm', {
    terminalIDs: [imei],
    types: ['fenceIn'],
  });
  expect(after.list.map((a) => a.read)).toEqual([true]);
  expect((after.list[0] as Alarm & { address: string }).address).toContain('Shenzhen');
});
