import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, login, logout, submitLogin } from './helpers';

async function changePassword(page: Page, from: string, to: string) {
  await page.getByTestId('account-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#oldPassword').fill(from);
  await dialog.locator('#password').fill(to);
  await dialog.locator('#confirm').fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a user changes their own password in "my account"', async ({ page }) => {
  await login(page, 'agent2user');
  const dialog = await changePassword(page, PASSWORD, 'n3w-pass');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await logout(page);

  await submitLogin(page, 'agent2user', PASSWORD);
  await expect(page.getByText('Wrong user name or password')).toBeVisible();
  await submitLogin(page, 'agent2user', 'n3w-pass');
  await expect(page).toHaveURL('/index/home');
  // Put it back for the other tests of the run.
  await expect(await changePassword(page, 'n3w-pass', PASSWORD)).toBeHidden();
});

test('the current password is checked first', async ({ page }) => {
  await login(page, 'agent2user');
  const dialog = await changePassword(page, 'wrong-current', 'whatever1');
  await expect(dialog.getByText('The current password is wrong')).toBeVisible();
});

test('the form checks the repeated password', async ({ page }) => {
  await login(page, 'agent2user');
  await page.getByTestId('account-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#oldPassword').fill(PASSWORD);
  await dialog.locator('#password').fill('abcdef1');
  await dialog.locator('#confirm').fill('abcdef2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The two inputs do not match')).toBeVisible();
});

test('the demo account may not change its password, and the dialog says why instead of a form', async ({ page }) => {
  await login(page, 'demo');
  await page.getByTestId('account-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('account-read-only')).toHaveText('DEMO accounts cannot use this function!');
  await expect(dialog.locator('#oldPassword')).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
});
