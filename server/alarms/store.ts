import type { AlarmEvent } from '../../src/domain/live-events';
import { SUBJECT, type EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { alarms } from '../db/schema/alarms';
import { enqueueAlarmNotices } from '../notify/enqueue';
import type { AlarmToNotify } from '../notify/plan';

/** An alarm to store: what the trackers send and what the engine raises alike. */
export interface NewAlarm {
  deviceId: number;
  terminalId: string;
  type: string;
  time: Date;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  attributes?: Record<string, unknown> | null;
  /** A fence allocation's FENCE_POST_TYPES: whether the owner is also sent an SMS and/or called. */
  postType?: number;
}

const key = (deviceId: number, type: string, time: Date) => `${deviceId}|${type}|${time.getTime()}`;

/**
 * Stores alarms (unread) in one INSERT, queues their notices (SMS, calls, webhooks: the outbox
 * of server/notify, sent by its dispatcher) and tells the bus of each new one. An alarm already
 * stored (same device, type and time: a resent frame, a second node of a cluster, the offline
 * sweep of another node) is neither stored, notified nor told again. Answers the alarms told.
 */
export async function storeAlarms(db: Db, bus: EventBus, list: readonly NewAlarm[]): Promise<AlarmEvent[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(alarms)
    .values(
      list.map((a) => ({
        deviceId: a.deviceId,
        type: a.type,
        time: a.time,
        lat: a.lat,
        lon: a.lon,
        speed: a.speed,
        attributes: a.attributes ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: alarms.id, deviceId: alarms.deviceId, type: alarms.type, time: alarms.time });
  const byKey = new Map(list.map((a) => [key(a.deviceId, a.type, a.time), a]));
  const told: AlarmEvent[] = [];
  const notices: AlarmToNotify[] = [];
  for (const r of rows) {
    const a = byKey.get(key(r.deviceId, r.type, r.time));
    if (!a) continue;
    const event: AlarmEvent = {
      type: 'alarm',
      id: r.id,
      deviceId: r.deviceId,
      terminalId: a.terminalId,
      alarm: r.type,
      time: r.time.toISOString(),
      lat: a.lat,
      lon: a.lon,
      speed: a.speed,
    };
    told.push(event);
    notices.push({ ...event, attributes: a.attributes, postType: a.postType });
  }
  // Queued before the bus is told, so a dispatcher woken by the event finds them. A failure
  // loses the notices, not the alarm: it is stored and still pushed to the browsers.
  await enqueueAlarmNotices(db, notices).catch((e) =>
    console.error('[notify] queueing alarm notices failed:', (e as Error).message),
  );
  for (const event of told) bus.publish(SUBJECT.alarm(event.deviceId), event);
  return told;
}
