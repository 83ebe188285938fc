import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alarms } from '../db/schema/alarms';
import { devices } from '../db/schema/devices';
import { notifications } from '../db/schema/notifications';
import { users } from '../db/schema/users';
import { pageWindow, type PageParams } from '../lib/envelope';
import type { AuthContext } from '../plugins/auth';
import { loadInScope, scopeOf } from '../services/scope';
import type { Channel, NoticeStatus } from './plan';

export interface NoticeQuery extends PageParams {
  /** One account of the caller's subtree; default the whole subtree. */
  userId?: number;
  channel?: Channel;
  status?: NoticeStatus;
}

/**
 * The notification log (docs/api/notify.md): the notices of accounts in the caller's subtree,
 * newest first. A notice belongs to the account it was for: the device owner for SMS and calls,
 * the endpoint's account for webhooks, so an ancestor's webhook never shows below it.
 */
export async function listNotices(db: Db, auth: AuthContext, q: NoticeQuery) {
  const inScope = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds: SQL[] = [inArray(notifications.userId, inScope)];
  if (q.userId) conds.push(eq(notifications.userId, (await loadInScope(db, auth, q.userId)).id));
  if (q.channel) conds.push(eq(notifications.channel, q.channel));
  if (q.status) conds.push(eq(notifications.status, q.status));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(notifications).where(where);
  const { limit, offset } = pageWindow(q);
  const list = await db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      userId: notifications.userId,
      username: users.username,
      channel: notifications.channel,
      target: notifications.target,
      status: notifications.status,
      attempts: notifications.attempts,
      nextAttemptAt: notifications.nextAttemptAt,
      lastError: notifications.lastError,
      provider: notifications.provider,
      sentAt: notifications.sentAt,
      body: notifications.body,
      alarmId: notifications.alarmId,
      alarmType: alarms.type,
      alarmTime: alarms.time,
      terminalID: devices.terminalId,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.userId))
    .leftJoin(alarms, eq(alarms.id, notifications.alarmId))
    .leftJoin(devices, eq(devices.id, alarms.deviceId))
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return { list, total: Number(total) };
}
