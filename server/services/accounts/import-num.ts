import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import type { Db } from '../../db/client';
import { importNumRecords } from '../../db/schema/import-num-records';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { loadDescendant, loadInScope, scopeOf } from '../scope';

/** An account's import count and those of its direct sub-accounts. */
export async function importNumOf(db: Db, auth: AuthContext, id: number) {
  const target = await loadInScope(db, auth, id);
  const children = await db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
      importNum: users.importNum,
    })
    .from(users)
    .where(and(eq(users.parentId, target.id), scopeOf(auth)))
    .orderBy(asc(users.id));
  return { id: target.id, username: target.username, importNum: target.importNum, children };
}

export async function importNumRecordsOf(db: Db, auth: AuthContext, q: PageParams & { id?: number }) {
  const target = await loadInScope(db, auth, q.id ?? auth.user.id);
  const where = eq(importNumRecords.userId, target.id);
  const [{ total }] = await db.select({ total: count() }).from(importNumRecords).where(where);
  const list = await db
    .select({
      id: importNumRecords.id,
      userId: importNumRecords.userId,
      operatorId: importNumRecords.operatorId,
      operator: users.username,
      delta: importNumRecords.delta,
      balanceAfter: importNumRecords.balanceAfter,
      remark: importNumRecords.remark,
      createdAt: importNumRecords.createdAt,
    })
    .from(importNumRecords)
    .leftJoin(users, eq(users.id, importNumRecords.operatorId))
    .where(where)
    .orderBy(desc(importNumRecords.createdAt), desc(importNumRecords.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, total: Number(total) };
}

/**
 * Gives `num` imports to a sub-account (a negative `num` takes them back). The caller's own
 * balance pays for it, except an admin's, which is unlimited. Both sides get a record.
 */
export async function addImportNum(db: Db, auth: AuthContext, id: number, num: number, remark = '') {
  if (!Number.isInteger(num) || num === 0) throw badRequest('importNumInvalid');
  const target = await loadDescendant(db, auth, id);
  const payer = isAdmin(auth.user) ? null : auth.user.id;
  await db.transaction(async (tx) => {
    const [got] = await tx
      .update(users)
      .set({ importNum: sql`${users.importNum} + ${num}` })
      .where(and(eq(users.id, target.id), sql`${users.importNum} + ${num} >= 0`))
      .returning({ balance: users.importNum });
    if (!got) throw badRequest('importNumInsufficient');
    await tx
      .insert(importNumRecords)
      .values({ userId: target.id, operatorId: auth.user.id, delta: num, balanceAfter: got.balance, remark });
    if (payer == null) return;
    const [paid] = await tx
      .update(users)
      .set({ importNum: sql`${users.importNum} - ${num}` })
      .where(and(eq(users.id, payer), sql`${users.importNum} - ${num} >= 0`))
      .returning({ balance: users.importNum });
    if (!paid) throw badRequest('importNumInsufficient');
    await tx
      .insert(importNumRecords)
      .values({ userId: payer, operatorId: auth.user.id, delta: -num, balanceAfter: paid.balance, remark });
  });
}
