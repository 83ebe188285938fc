import { expect, test, type Page } from '@playwright/test';
import { formatDateTime } from '../../src/domain/date-format';
import { ACCOUNT_ZONE, dayOf, dayStart } from '../../src/domain/time-zone';
import { addDays } from '../../src/domain/track';
import { login } from './helpers';
import { apiPost } from './monitor-support';

/**
 * Playback's clock and axis (issue 32): "Today" was the browser's today and its clock started at
 * midnight, standing still before the first fix; the speed chart's axis was English on the
 * browser's clock. The browser here is in New York, twelve or thirteen hours behind the
 * account's GMT+8, so nothing passes by the browser's zone agreeing with the account's.
 */
test.use({ timezoneId: 'America/New_York' });

const today = () => dayOf(Date.now(), ACCOUNT_ZONE);

/** A vehicle of the agent's tree that drove on the given account days (statistics by device). */
async function droveOn(page: Page, startDate: string, endDate: string): Promise<string> {
  const r = await apiPost<{ list: { terminalID: string; mileageM: number }[] }>(page, '/stat/countMileage', {
    groupBy: 'device',
    startDate,
    endDate,
  });
  const d = r.list.sort((a, b) => b.mileageM - a.mileageM).find((x) => x.mileageM > 0);
  expect(d, `a vehicle that drove from ${startDate} to ${endDate}`).toBeTruthy();
  return d!.terminalID;
}

const ticks = (page: Page) => page.getByTestId('speed-chart-tick');

test("plays Today from the account's midnight, its clock starting at the first fix", async ({ page }) => {
  await login(page, 'agent');
  const day = today();
  const id = await droveOn(page, day, day);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/track/findTrackByTerminalID'));
  // Opened for one vehicle, playback shows its Today at once.
  await page.goto(`/index/track?terminalID=${id}`);
  const res = await answered;
  const midnight = dayStart(day, ACCOUNT_ZONE);
  expect(Date.parse(res.request().postDataJSON().startTime)).toBe(midnight);
  await expect(page.getByTestId('track-query').locator('.ant-picker-range input').first()).toHaveValue(
    `${day} 00:00`,
  );
  await expect(page.getByTestId('zone-note')).toHaveText('Days and times in GMT+8');

  const t = ((await res.json()) as { data: { points: { t: number[] } } }).data.points.t;
  expect(t.length).toBeGreaterThan(1);
  const [first, last] = [t[0], t[t.length - 1]];
  expect(first).toBeGreaterThan(midnight);
  // The clock, the scrubber and the chart span the fixes, not the empty hours before them.
  await expect(page.getByTestId('player-time')).toHaveText(new RegExp(`^${formatDateTime(first)}`));
  const slider = page.getByTestId('player-slider').locator('.ant-slider-handle');
  await expect(slider).toHaveAttribute('aria-valuemin', String(first));
  await expect(slider).toHaveAttribute('aria-valuemax', String(last));
  await expect(page.getByTestId('speed-chart-head')).toHaveAttribute('data-frac', '0.0000');

  // At 1× the clock runs from the first fix at once: five minutes of track a second.
  await page.getByTestId('player-play').click();
  await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(first);
  // Not paused here: a short Today (the seed's day so far) is played to its end within seconds.
  await page.screenshot({ path: 'docs/screenshots/track-today.png' });
});

for (const [lng, zoneNote, pointsTab] of [
  ['cn', '日期和时间均按 GMT+8', /^轨迹点（(\d+)）$/],
  ['fr', 'Jours et heures en GMT+8', /^Points \((\d+)\)$/],
] as const) {
  test(`writes the speed chart's axis in numbers on the account's days, in ${lng}`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('useLang', l), lng);
    await login(page, 'agent');
    const day = today();
    const id = await droveOn(page, addDays(day, -3), addDays(day, -1));
    // Three whole account days: long enough for the line drawn to be simplified.
    const from = dayStart(addDays(day, -3), ACCOUNT_ZONE);
    const to = dayStart(day, ACCOUNT_ZONE);
    await page.goto(`/index/track?terminalID=${id}&from=${from}&to=${to}`);
    await expect(ticks(page).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('zone-note')).toHaveText(zoneNote);

    const labels = await ticks(page).allTextContents();
    expect(labels.length).toBeGreaterThan(2);
    // Numbers only (no "Nov 28", "03 AM"), days at the account's midnights.
    for (const label of labels) expect(label).toMatch(/^(\d{2}-\d{2}|\d{2}:\d{2})$/);
    expect(labels).toContain(formatDateTime(dayStart(addDays(day, -1), ACCOUNT_ZONE), 'monthDay'));

    // One count of points: the summary's, the tab's and the list's pages.
    const summary = Number(await page.getByTestId('track-summary').locator('tbody td').nth(2).innerText());
    const tab = page.getByRole('tab', { name: pointsTab });
    expect(Number(pointsTab.exec(await tab.innerText())![1])).toBe(summary);
    await tab.click();
    await expect(page.getByTestId('track-points').locator('.ant-pagination-total-text')).toHaveText(
      `1-100 / ${summary}`,
    );
    await expect(page.getByTestId('track-points').locator('.ant-table-row')).toHaveCount(100);
    await page.screenshot({ path: `docs/screenshots/track-${lng}.png` });

    if (lng === 'fr') {
      // A long French menu label wraps instead of being cut ("Contrôles de véhi…").
      const label = page
        .getByTestId('app-menu')
        .locator('.ant-menu-title-content', { hasText: 'Contrôles de véhicules' });
      await expect(label).toBeVisible();
      expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      // The range shortcuts hold one row.
      const rows = await page
        .getByTestId('track-shortcuts')
        .locator('.ant-radio-button-wrapper')
        .evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
      expect(rows).toBe(1);
    }
  });
}
