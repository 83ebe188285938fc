import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_ZONE, dayOf } from '../src/domain/time-zone';
import { login, preferLanguage } from '../tests/e2e/helpers';
import { apiPost } from '../tests/e2e/monitor-support';

/**
 * docs/walkthrough.md, step by step: each flow a person does daily, in each language and size,
 * one picture per step in docs/walkthrough/<language>-<size>-<step>.png. Writes nothing: the
 * fence is drawn but not saved, the renewal stops at its confirmation, the demo only looks.
 */
const LANGUAGES = ['en', 'cn', 'fr'] as const;
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const OUT = 'docs/walkthrough';
mkdirSync(OUT, { recursive: true });

const commandName = (lng: string, key: string) =>
  (JSON.parse(readFileSync(`locales/${lng}/command.json`, 'utf8')) as { name: Record<string, string> }).name[key]!;

/** A vehicle the account sees that drove today (the simulated fleet keeps it online). */
async function movingVehicle(page: Page): Promise<string> {
  const day = dayOf(Date.now(), ACCOUNT_ZONE);
  const r = await apiPost<{ list: { terminalID: string; mileageM: number }[] }>(page, '/stat/countMileage', {
    groupBy: 'device',
    startDate: day,
    endDate: day,
  });
  const drove = r.list.filter((d) => d.mileageM > 0).map((d) => d.terminalID);
  const mine = await apiPost<{ terminalID: string }[]>(page, '/device/findDeviceLocationAll', {});
  const ids = new Set(mine.map((d) => d.terminalID));
  const id = drove.find((t) => ids.has(t));
  expect(id, 'a vehicle of the agent that drove today').toBeTruthy();
  return id!;
}

for (const lng of LANGUAGES)
  for (const [size, viewport] of Object.entries(SIZES))
    test(`${lng} ${size}`, async ({ page }) => {
      const phone = size === 'phone';
      await preferLanguage(page, lng);
      const shot = (step: string) =>
        page.screenshot({ path: `${OUT}/${lng}-${size}-${step}.png` });

      // Signed in at desktop size (the helper waits for the header's name, which a phone folds away).
      await login(page, 'agent');
      const id = await movingVehicle(page);
      await page.setViewportSize(viewport);

      // 1. The monitor: find the vehicle, open its panel.
      await page.goto('/index/home');
      await page.getByTestId('device-search').fill(id);
      if (phone) await page.getByTestId('sheet-handle').click();
      await page.getByTestId('device-row').first().click();
      await expect(page.getByTestId('device-panel')).toBeVisible();
      await shot('1-monitor');

      // 2. A fence from the panel: Fence, Add fence, drag a circle on the vehicle.
      await page.getByTestId('action-fence').click();
      await expect(page.getByTestId('fence-for-device')).toContainText(id);
      await page.getByTestId('fence-add').click();
      const map = page.getByTestId('drawing-map');
      await expect(map.getByTestId('fleet-map')).toHaveAttribute('data-provider', /.+/, { timeout: 60_000 });
      await expect(map.locator('canvas[data-testid=shape-editor]')).toHaveCount(1);
      await page.getByTestId('fence-kind-circle').click();
      const box = (await map.boundingBox())!;
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 60, cy, { steps: 5 });
      await page.mouse.up();
      await expect(page.getByTestId('fence-radius')).not.toBeEmpty();
      await shot('2-fence');

      // 3. A command: Locate now, judged by what the tracker answers.
      await page.goto(`/index/directive?terminalID=${id}`);
      await page.getByTestId('command-select').click();
      await page.locator(`.ant-select-item-option[title="${commandName(lng, 'locate')}"]`).click();
      await page.getByTestId('command-send').click();
      await expect(page.getByTestId('command-result')).toHaveAttribute('data-result', 'success', { timeout: 60_000 });
      await shot('3-command');

      // 4. Playback of the vehicle's today.
      await page.goto(`/index/track?terminalID=${id}`);
      await expect(page.getByTestId('player-time')).not.toBeEmpty({ timeout: 60_000 });
      // The chart and the tables follow the map (a deferred render; the chart library loads then).
      await expect(page.getByTestId('speed-chart').locator('canvas').first()).toBeVisible({ timeout: 60_000 });
      await shot('4-playback');

      // 5. Renewal by card: the plan shown before anything is spent (Back, not Confirm).
      await page.goto(`/index/order/renew?terminalID=${id}`);
      await page.getByTestId('card-renew-next').click();
      await expect(page.getByTestId('plan-confirm')).toBeVisible();
      await shot('5-renew');
      await page.getByTestId('plan-back').click();

      // 6. The demo account: read-only, and told so.
      await page.evaluate(() => sessionStorage.clear());
      await page.setViewportSize(SIZES.desktop);
      await login(page, 'demo', '/index/alarms');
      await page.setViewportSize(viewport);
      await expect(page.locator('[data-write-blocked="true"]').first()).toBeVisible();
      await shot('6-demo');
    });
