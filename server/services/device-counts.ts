import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceCounts } from '../db/schema/device-counts';
import { users } from '../db/schema/users';
import { notFound } from '../lib/errors';
import { pageWindow, type PageParams } from '../lib/envelope';
import type { AuthContext } from '../plugins/auth';
import { loadInScope, scopeOf } from './scope';

/** Device count records (spec section 3) of accounts in the caller's scope. */
export async function listDeviceCounts(db: Db, auth: AuthContext, q: PageParams & { userId?: number }) {
  const conds = [scopeOf(auth)];
  if (q.userId) conds.push(eq(deviceCounts.userId, (await loadInScope(db, auth, q.userId)).id));
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: count() })
    .from(deviceCounts)
    .innerJoin(users, eq(users.id, deviceCounts.userId))
    .where(where);
  const { limit, offset } = pageWindow(q);
  const list = await db
    .select({
      id: deviceCounts.id,
      userId: deviceCounts.userId,
      username: users.username,
      deviceCount: deviceCounts.deviceCount,
      totalDeviceCount: deviceCounts.totalDeviceCount,
      remark: deviceCounts.remark,
      updatedAt: deviceCounts.updatedAt,
    })
    .from(deviceCounts)
    .innerJoin(users, eq(users.id, deviceCounts.userId))
    .where(where)
    .orderBy(asc(deviceCounts.id))
    .limit(limit)
    .offset(offset);
  return { list, total: Number(total) };
}

export interface DeviceCountInput {
  userId: number;
  deviceCount: number;
  totalDeviceCount: number;
  remark?: string;
}

/** Adds a record, or replaces the one the account already has (one record per account). */
export async function upsertDeviceCount(db: Db, auth: AuthContext, input: DeviceCountInput) {
  const target = await loadInScope(db, auth, input.userId);
  const values = { ...input, userId: target.id, remark: input.remark ?? '', updatedAt: new Date() };
  const [row] = await db
    .insert(deviceCounts)
    .values(values)
    .onConflictDoUpdate({ target: deviceCounts.userId, set: values })
    .returning();
  return row;
}

async function loadRecord(db: Db, auth: AuthContext, id: number) {
  const [row] = await db.select().from(deviceCounts).where(eq(deviceCounts.id, id)).limit(1);
  if (!row) throw notFound();
  await loadInScope(db, auth, row.userId);
  return row;
}

export async function editDeviceCount(
  db: Db,
  auth: AuthContext,
  input: { id: number; deviceCount?: number; totalDeviceCount?: number; remark?: string },
) {
  const row = await loadRecord(db, auth, input.id);
  const { id: _id, ...changes } = input;
  await db
    .update(deviceCounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(deviceCounts.id, row.id));
}

export async function deleteDeviceCounts(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) await loadRecord(db, auth, id);
  if (ids.length) await db.delete(deviceCounts).where(inArray(deviceCounts.id, ids));
  return ids.length;
}
