import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AreaPurpose } from '../../../src/domain/fence/purpose';
import { fences, type FenceType } from '../../db/schema/fences';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { containsPattern } from '../../lib/sql';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope, scopeOf } from '../scope';
import { selectFences, toView, type FenceView } from './view';

export interface FenceListQuery extends PageParams {
  /** One account of the caller's subtree: its own fences only. Default: the whole subtree. */
  userId?: number;
  /** Part of the name, any case. */
  name?: string;
  type?: FenceType;
}

/**
 * Which rows of `fences` of one purpose a list shows (the caller's subtree, one account of it,
 * part of the name, any `extra`), and how many there are: the fence list and the area lists.
 */
export async function fenceListWindow(
  db: Db,
  auth: AuthContext,
  purpose: AreaPurpose,
  q: { userId?: number; name?: string },
  extra: SQL[] = [],
): Promise<{ where: SQL | undefined; total: number }> {
  // Risk points, check-car areas and fences share the table: only the purpose asked is listed.
  const conds: SQL[] = [scopeOf(auth), eq(fences.purpose, purpose), ...extra];
  if (q.userId) conds.push(eq(fences.userId, (await loadInScope(db, auth, q.userId)).id));
  const name = q.name?.trim();
  if (name) conds.push(ilike(fences.name, containsPattern(name)));
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: count() })
    .from(fences)
    .innerJoin(users, eq(users.id, fences.userId))
    .where(where);
  return { where, total: Number(total) };
}

/** fence/list (docs/api/fences.md): fences of the caller's subtree, newest first. */
export async function listFences(
  db: Db,
  auth: AuthContext,
  q: FenceListQuery,
): Promise<{ list: FenceView[]; total: number }> {
  const { where, total } = await fenceListWindow(
    db,
    auth,
    'fence',
    q,
    q.type ? [eq(fences.type, q.type)] : [],
  );
  const { limit, offset } = pageWindow(q);
  const rows = await selectFences(db).where(where).orderBy(desc(fences.id)).limit(limit).offset(offset);
  return { list: rows.map(toView), total };
}
