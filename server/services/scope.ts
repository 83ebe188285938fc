import { asc, eq, like, or, type SQL } from 'drizzle-orm';
import { childAncestors, isDescendant, isInSubtree, type HierarchyNode } from '../../src/domain/hierarchy';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/users';
import { notFound } from '../lib/errors';
import type { AuthContext } from '../plugins/auth';

/**
 * Data scope: a caller reaches only its own subtree of the account hierarchy. An id outside it
 * answers "not found", exactly as an id that does not exist, so nothing leaks.
 */

/** SQL condition on `users` matching `root` and everything below it (index-friendly prefix match). */
export function subtreeOf(root: HierarchyNode): SQL {
  const chain = childAncestors(root);
  return or(eq(users.id, root.id), eq(users.ancestors, chain), like(users.ancestors, `${chain},%`))!;
}

/** Scope condition of a caller; a device login sees only its owner account. */
export function scopeOf(auth: AuthContext): SQL {
  return auth.deviceId != null ? eq(users.id, auth.user.id) : subtreeOf(auth.user);
}

export function inScope(auth: AuthContext, target: HierarchyNode): boolean {
  if (auth.deviceId != null) return target.id === auth.user.id;
  return isInSubtree(target, auth.user);
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account `id` if the caller may see it, else a not-found error. */
export async function loadInScope(db: Db, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row || !inScope(auth, row)) throw notFound();
  return row;
}

/** The account `id` if it lies strictly below the caller, else a not-found error. */
export async function loadDescendant(db: Db, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await loadInScope(db, auth, id);
  if (!isDescendant(row, auth.user)) throw notFound();
  return row;
}

/** The account a request is about: `userId` when given (it must be in the caller's subtree), else the caller. */
export function selectedAccount(db: Db, auth: AuthContext, userId?: number): Promise<UserRow> {
  return userId ? loadInScope(db, auth, userId) : Promise.resolve(auth.user);
}

/** Every account of `root`'s subtree (itself included), by id, with the fields lists and exports show. */
export function subtreeAccounts(db: Db, root: HierarchyNode) {
  return db
    .select({
      id: users.id,
      parentId: users.parentId,
      ancestors: users.ancestors,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
      telephone: users.telephone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(subtreeOf(root))
    .orderBy(asc(users.id));
}
