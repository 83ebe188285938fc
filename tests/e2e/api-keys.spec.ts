import { expect, test } from '@playwright/test';
import { login } from './helpers';

// The apiKey screen (issue 16): an agent makes a key, sees its secret once, uses it, revokes it.

test('an agent creates an API key on the apiKey screen, sees it once, and revokes it', async ({
  page,
  request,
}) => {
  await login(page, 'agent', '/index/system/apiKey');
  const keys = page.getByTestId('list-apiKeys');
  await expect(keys).toBeVisible();
  await expect(page.getByText('This screen is being built')).toHaveCount(0);

  const name = `e2e ${Date.now()}`;
  await page.getByTestId('toolbar-create').click();
  await expect(page.getByTestId('action-confirm')).toContainText('shown once');
  await page.locator('.ant-modal #name').fill(name);
  await page.getByTestId('action-ok').click();
  const answer = page.getByTestId('action-answer');
  await expect(answer).toBeVisible();
  const secret = (await answer.locator('pre').innerText()).trim();
  expect(secret).toMatch(/^fgk_[A-Za-z0-9_-]{43}$/);
  // The copy button of the shown secret.
  await expect(answer.locator('.ant-typography-copy')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/system-apikey-created.png' });
  await page.getByTestId('action-ok').click();
  await expect(answer).toHaveCount(0);

  // Listed by its start only: the secret is nowhere on the page any more.
  const row = keys.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Active');
  await expect(page.getByText(secret)).toHaveCount(0);

  // The key reads the public API.
  const ok = await request.get('/api/v1/devices', { headers: { 'x-api-key': secret } });
  expect(ok.status()).toBe(200);

  await expect(page.getByTestId('list-apiWebhooks')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/system-apikey.png', fullPage: true });

  await row.getByTestId('row-revoke').click();
  await expect(page.getByTestId('action-confirm')).toBeVisible();
  await page.getByTestId('action-ok').click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByTestId('row-revoke')).toHaveCount(0);
  const refused = await request.get('/api/v1/devices', { headers: { 'x-api-key': secret } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).meta.key).toBe('apiKeyRevoked');
});
