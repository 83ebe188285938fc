import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('the maintenance notice shows before 2022-10-08 03:00 (UTC+8)', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2022-10-07T22:00:00+08:00'));
  await login(page, 'agent');
  const notice = page.getByRole('dialog');
  await expect(notice.getByText('Server maintenance notice')).toBeVisible();
  await expect(notice).toContainText('2022-10-08 from 00:00 to 01:00');
  await notice.getByRole('button', { name: 'I understand' }).click();
  await expect(notice).toBeHidden();
});

test('the maintenance notice is gone afterwards', async ({ page }) => {
  await login(page, 'agent');
  await expect(page.getByTestId('monitor-page')).toBeVisible();
  await expect(page.getByText('Server maintenance notice')).toHaveCount(0);
});
