import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { AGENT_ROLES } from '../../../config/roles';
import { ancestorIds, type AgentRow } from '../../../src/domain/hierarchy';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users, type UserRow } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { containsPattern, inIds } from '../../lib/sql';
import { accountDeviceCounts } from '../devices/owner-counts';
import { loadInScope, scopeOf, subtreeOf } from '../scope';
import { toUserInfo, type UserInfo } from '../user-info';

/** Device and sale counts for many accounts in two grouped queries. */
async function countsFor(db: Db, ids: number[]) {
  const owned = new Map<number, number>();
  const sold = new Map<number, number>();
  if (ids.length === 0) return { owned, sold };
  const ownedRows = await db
    .select({ id: devices.userId, n: count() })
    .from(devices)
    .where(inIds(devices.userId, ids))
    .groupBy(devices.userId);
  for (const r of ownedRows) if (r.id != null) owned.set(r.id, Number(r.n));
  const soldRows = await db
    .select({ id: devices.agentId, n: count() })
    .from(devices)
    .where(and(inArray(devices.agentId, ids), ne(devices.userId, devices.agentId)))
    .groupBy(devices.agentId);
  for (const r of soldRows) if (r.id != null) sold.set(r.id, Number(r.n));
  return { owned, sold };
}

async function withCounts(db: Db, rows: UserRow[]): Promise<UserInfo[]> {
  const { owned, sold } = await countsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUserInfo(r, { deviceNum: owned.get(r.id) ?? 0, saleNum: sold.get(r.id) ?? 0 }));
}

export async function findById(db: Db, auth: AuthContext, id: number): Promise<UserInfo> {
  const row = await loadInScope(db, auth, id);
  return (await withCounts(db, [row]))[0];
}

/** Accounts directly under `id`. */
export async function findChildren(db: Db, auth: AuthContext, id: number): Promise<UserInfo[]> {
  const parent = await loadInScope(db, auth, id);
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.parentId, parent.id), scopeOf(auth)))
    .orderBy(asc(users.id));
  return withCounts(db, rows);
}

/** The subtree of `id` (itself included) as agent list rows (spec section 3). */
export async function subtreeRows(
  db: Db,
  auth: AuthContext,
  id: number,
  agentsOnly = false,
): Promise<AgentRow[]> {
  const root = await loadInScope(db, auth, id);
  const conds: SQL[] = [subtreeOf(root), scopeOf(auth)];
  if (agentsOnly) conds.push(inArray(users.role, [...AGENT_ROLES]));
  const rows = await db
    .select({
      id: users.id,
      parentId: users.parentId,
      ancestors: users.ancestors,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
    })
    .from(users)
    .where(and(...conds))
    .orderBy(asc(users.id));
  // Counting a big subtree's devices is the costly part: shared briefly between identical loads.
  const { owned, sold } = await accountDeviceCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => [
    r.id,
    r.parentId,
    r.ancestors,
    r.username,
    r.nickname,
    r.role,
    owned.get(r.id) ?? 0,
    sold.get(r.id) ?? 0,
  ]);
}

export interface PageFilter extends PageParams {
  id?: number;
  username?: string;
  role?: number;
}

export async function findPage(db: Db, auth: AuthContext, f: PageFilter) {
  const root = f.id ? await loadInScope(db, auth, f.id) : auth.user;
  const conds: SQL[] = [subtreeOf(root), scopeOf(auth)];
  if (f.username)
    conds.push(
      or(
        ilike(users.username, containsPattern(f.username)),
        ilike(users.nickname, containsPattern(f.username)),
      )!,
    );
  if (f.role) conds.push(eq(users.role, f.role));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(pageWindow(f).limit)
    .offset(pageWindow(f).offset);
  return { list: await withCounts(db, rows), total: Number(total) };
}

/** Accounts of the subtree of `id` whose user name or nickname contains `name`. */
export async function findLike(db: Db, auth: AuthContext, name: string, id?: number): Promise<UserInfo[]> {
  const root = id ? await loadInScope(db, auth, id) : auth.user;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        subtreeOf(root),
        scopeOf(auth),
        or(ilike(users.username, containsPattern(name)), ilike(users.nickname, containsPattern(name))),
      ),
    )
    .orderBy(asc(users.username))
    .limit(50);
  return withCounts(db, rows);
}

/** The chain of accounts from the caller down to `id`, both included. */
export async function getFamily(db: Db, auth: AuthContext, id: number) {
  const target = await loadInScope(db, auth, id);
  const ids = [...ancestorIds(target), target.id];
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
      parentId: users.parentId,
    })
    .from(users)
    .where(and(inArray(users.id, ids), scopeOf(auth)));
  return rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return !!row;
}
