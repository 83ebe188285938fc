import { count } from 'drizzle-orm';
import { roleName } from '../../../config/roles';
import { writeSheet, SHEET_MIME, type SheetFormat } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { selectedAccount, subtreeAccounts } from '../scope';
import { inIds } from '../../lib/sql';

const COLUMNS = [
  { key: 'id', header: 'ID', width: 8 },
  { key: 'username', header: 'User name', width: 18 },
  { key: 'nickname', header: 'Nickname', width: 18 },
  { key: 'role', header: 'Role', width: 12 },
  { key: 'parent', header: 'Parent', width: 18 },
  { key: 'devices', header: 'Devices', width: 10 },
  { key: 'telephone', header: 'Telephone', width: 15 },
  { key: 'createdAt', header: 'Created', width: 22 },
];

/**
 * indexAgentListExport: the accounts of the subtree of `userId` (default the caller) as a
 * spreadsheet, in tree order (by ancestors chain, then id), each with its own device count.
 * Account trees are thousands of rows at most, so the file is built in memory.
 */
export async function exportAgentList(
  db: Db,
  auth: AuthContext,
  userId: number | undefined,
  format: SheetFormat,
) {
  const root = await selectedAccount(db, auth, userId);
  const accounts = await subtreeAccounts(db, root);
  const ids = accounts.map((a) => a.id);
  const owned = new Map(
    (
      await db
        .select({ userId: devices.userId, n: count() })
        .from(devices)
        .where(inIds(devices.userId, ids))
        .groupBy(devices.userId)
    ).map((r) => [r.userId, Number(r.n)]),
  );
  const names = new Map(accounts.map((a) => [a.id, a.username]));
  // Depth-first order: a parent is followed by its subtree.
  const key = (a: { ancestors: string; id: number }) =>
    `${a.ancestors},${a.id}`
      .split(',')
      .map((n) => n.padStart(10, '0'))
      .join(',');
  const rows = [...accounts]
    .sort((a, b) => (key(a) < key(b) ? -1 : 1))
    .map((a) => ({
      ...a,
      role: roleName(a.role) ?? String(a.role),
      parent: names.get(a.parentId) ?? '',
      devices: owned.get(a.id) ?? 0,
    }));
  const data = await writeSheet(COLUMNS, rows, format);
  const date = new Date().toISOString().slice(0, 10);
  return { data, mime: SHEET_MIME[format], filename: `accounts-${date}.${format}` };
}
