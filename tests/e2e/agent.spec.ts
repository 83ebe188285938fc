import { expect, test } from '@playwright/test';
import { login, menuPaths } from './helpers';
import { tokenOf } from './device-support';

const shot = (name: string) => `docs/screenshots/${name}`;

test('agent adds a sub-user under subagent, sees it in the tree, and deletes it', async ({ page }) => {
  await login(page, 'agent', '/index/agent/agentList');
  const tree = page.getByTestId('agent-tree');
  await expect(tree.getByTestId('account-subagent')).toBeVisible();
  // The tree nests user under subagent under agent.
  await expect(tree.getByTestId('account-user')).toBeVisible();
  await expect(tree.getByTestId('account-agent2')).toHaveCount(0);
  await page.screenshot({ animations: 'disabled', path: shot('agent-tree.png'), fullPage: true });

  // A user account cannot have sub-users: no "add" button on it.
  await expect(tree.getByTestId('account-user').getByTestId('account-add')).toHaveCount(0);

  await tree.getByTestId('account-subagent').getByTestId('account-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#username').fill('e2e_driver');
  await dialog.locator('#password').fill('secret123');
  await dialog.locator('#nickname').fill('E2E driver');
  // The shared telephone validator runs in the form.
  await dialog.locator('#telephone').fill('12');
  await dialog.getByTestId('account-ok').click();
  await expect(dialog).toContainText('Please enter the correct telephone number.');
  await dialog.locator('#telephone').fill('13912345678');
  await dialog.getByTestId('account-ok').click();
  await expect(dialog).toBeHidden();

  const added = tree.getByTestId('account-e2e_driver');
  await expect(added).toBeVisible();
  await expect(added).toContainText('E2E driver');

  // Adding the same user name again is refused with the server's message.
  await tree.getByTestId('account-subagent').getByTestId('account-add').click();
  await dialog.locator('#username').fill('e2e_driver');
  await dialog.locator('#password').fill('secret123');
  await dialog.getByTestId('account-ok').click();
  await expect(page.getByText('This user name is already in use')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An account with devices cannot be deleted: subagent keeps its row.
  await tree.getByTestId('account-subagent').getByTestId('account-delete').click();
  await dialog.getByTestId('account-ok').click();
  await expect(page.getByText('This account still has sub-accounts and cannot be deleted')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await added.getByTestId('account-delete').click();
  await expect(dialog).toContainText('Delete the account e2e_driver?');
  await dialog.getByTestId('account-ok').click();
  await expect(tree.getByTestId('account-e2e_driver')).toHaveCount(0);
});

test('a user account sees no management menus and the API refuses it (9906)', async ({ page }) => {
  await login(page, 'user');
  const paths = await menuPaths(page);
  expect(paths.filter((p) => p.startsWith('/index/agent/'))).toEqual([]);
  // Of the device area a user keeps only the command screens (permission command:send).
  expect(paths.filter((p) => p.startsWith('/index/device/'))).toEqual([
    '/index/device/multipleCmd',
    '/index/device/multipleCmdSearch',
    '/index/device/offlineCmdImport',
  ]);

  const token = await tokenOf(page);
  for (const [url, body] of [
    ['/api/device/deviceTransform', { terminalIDs: ['868120000000001'], userId: 4 }],
    ['/api/user/findAllUserV2', { id: 4 }],
    ['/api/device/deviceImport', { imeis: '868120000000001', importProtocol: 2 }],
  ] as const) {
    const res = await page.request.post(url, { data: body, headers: { Authorization: `Bearer ${token}` } });
    const envelope = (await res.json()) as { meta: { success: boolean; message: string } };
    expect(envelope.meta, url).toMatchObject({ success: false, message: '9906' });
  }
  // Opening a management screen directly ends on the not-found page (route guard).
  await page.goto('/index/agent/agentList');
  await expect(page).toHaveURL('/notFound');
});
