import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { notifications, webhookEndpoints } from '../db/schema/notifications';
import { users } from '../db/schema/users';
import { pathIds, planNotices, type AlarmOwner, type AlarmToNotify } from './plan';
import { alarmText } from './text';

/**
 * Puts the notices of newly stored alarms in the outbox (`notifications`, status pending, due
 * now). Only database work: the dispatcher does the sending, so the ingest path never waits on
 * a receiver. Answers how many notices were queued.
 */
export async function enqueueAlarmNotices(db: Db, alarms: readonly AlarmToNotify[]): Promise<number> {
  if (!alarms.length) return 0;
  const deviceIds = [...new Set(alarms.map((a) => a.deviceId))];
  const ownerRows = await db
    .select({
      deviceId: devices.id,
      deviceName: devices.nickname,
      userId: users.id,
      ancestors: users.ancestors,
      telephone: users.telephone,
      language: users.language,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(inArray(devices.id, deviceIds));
  if (!ownerRows.length) return 0;
  const owners = new Map<number, AlarmOwner>(ownerRows.map((r) => [r.deviceId, r]));
  const endpoints = await db
    .select({ userId: webhookEndpoints.userId, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        // Endpoints subscribed to positions only (issue 16) receive no alarms.
        like(webhookEndpoints.events, '%alarm%'),
        inArray(webhookEndpoints.userId, pathIds(owners.values())),
      ),
    )
    .orderBy(webhookEndpoints.id);
  const planned = planNotices(alarms, owners, endpoints, alarmText);
  if (!planned.length) return 0;
  const now = new Date();
  await db
    .insert(notifications)
    .values(planned.map((p) => ({ ...p, status: 'pending', nextAttemptAt: now })));
  return planned.length;
}
