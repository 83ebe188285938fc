import { expect, test } from '@playwright/test';
import { login, logout, submitLogin } from './helpers';
import { tokenOf } from './device-support';

const shot = (name: string) => `docs/screenshots/${name}`;

test('an agent resets a password: the one-time password is shown once, and its first login must change it', async ({ page }) => {
  const username = `e2e_reset_${Date.now().toString(36)}`;
  await login(page, 'agent');
  const made = await page.request.post('/api/user/insertUser', {
    data: { username, password: 'first-pass1', role: 3 },
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(made.ok()).toBe(true);

  await page.goto('/index/agent/agentList');
  const row = page.getByTestId('agent-tree').getByTestId(`account-${username}`);
  await row.getByTestId('account-resetPassword').click();
  await expect(page.getByRole('dialog')).toContainText(`Give ${username} a new one-time password?`);
  await page.getByTestId('account-ok').click();
  const shown = page.getByTestId('one-time-password-shown');
  await expect(shown).toHaveText(/^[A-Za-z2-9]{12}$/);
  const oneTime = await shown.innerText();
  await page.screenshot({ animations: 'disabled', path: shot('one-time-password.png') });
  await page.getByRole('button', { name: 'OK' }).click();
  await logout(page);

  await submitLogin(page, username, oneTime);
  const card = page.getByTestId('must-change-password');
  await expect(card).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('must-change-password.png') });
  // Nothing else is shown until the password is changed.
  await page.goto('/index/home');
  await expect(card).toBeVisible();

  await page.getByTestId('one-time-password').fill(oneTime);
  await page.getByTestId('new-password').fill('my-own-pass1');
  await page.getByTestId('confirm-password').fill('my-own-pass1');
  await page.getByTestId('change-password-save').click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await expect(card).toHaveCount(0);
});
