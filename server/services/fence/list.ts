import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** fence/list (docs/api/fences.md): fences of the caller's subtree, newest first. */
export async function listFences(
  db: Db,
  auth: AuthContext,
  q: FenceListQuery,
): Promise<{ list: FenceView[]; total: number }> {
  // Risk points and check-car areas share the table: only fences are listed here.
  const conds: SQL[] = [scopeOf(auth), eq(fences.purpose, 'fence')];
  if (q.userId) conds.push(eq(fences.userId, (await loadInScope(db, auth, q.userId)).id));
  const name = q.name?.trim();
  if (name) conds.push(ilike(fences.name, containsPattern(name)));
  if (q.type) conds.push(eq(fences.type, q.type));
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: count() })
    .from(fences)
    .innerJoin(users, eq(users.id, fences.userId))
    .where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await selectFences(db).where(where).orderBy(desc(fences.id)).limit(limit).offset(offset);
  return { list: rows.map(toView), total: Number(total) };
}
