import { sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { SUBJECT, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';

import type { StateEvent } from '../../../src/domain/live-events';

export type { StateEvent };

const stateEvent = (deviceId: number, terminalId: string, state: number, at: Date): StateEvent => ({
  type: 'state',
  deviceId,
  terminalId,
  state,
  stateTime: at.toISOString(),
});

/** Online: records the time, activates a never-activated device, and tells the bus. */
export async function markOnline(
  db: Db,
  bus: EventBus,
  deviceId: number,
  terminalId: string,
  at = new Date(),
) {
  await db.execute(sql`
    UPDATE devices SET state = ${DEVICE_STATE.online}, state_time = ${at.toISOString()}::timestamptz,
      last_online_at = ${at.toISOString()}::timestamptz,
      activated_at = coalesce(activated_at, ${at.toISOString()}::timestamptz), updated_at = now()
    WHERE id = ${deviceId}`);
  publishState(bus, stateEvent(deviceId, terminalId, DEVICE_STATE.online, at));
}

/** Offline: the offline time is kept, since the list shows how long a device has been offline. */
export async function markOffline(
  db: Db,
  bus: EventBus,
  deviceId: number,
  terminalId: string,
  at = new Date(),
) {
  await db.execute(sql`
    UPDATE devices SET state = ${DEVICE_STATE.offline}, state_time = ${at.toISOString()}::timestamptz,
      offline_at = ${at.toISOString()}::timestamptz, updated_at = now()
    WHERE id = ${deviceId}`);
  publishState(bus, stateEvent(deviceId, terminalId, DEVICE_STATE.offline, at));
}

/** Status from a heartbeat (battery, ACC) without a position. */
export async function updateStatus(
  db: Db,
  bus: EventBus,
  deviceId: number,
  terminalId: string,
  status: { battery?: number; acc?: boolean },
) {
  if (status.battery === undefined && status.acc === undefined) return;
  await db.execute(sql`
    UPDATE devices SET battery = coalesce(${status.battery ?? null}::smallint, battery),
      acc = coalesce(${status.acc ?? null}::boolean, acc), updated_at = now()
    WHERE id = ${deviceId}`);
  publishState(bus, {
    ...stateEvent(deviceId, terminalId, DEVICE_STATE.online, new Date()),
    battery: status.battery ?? null,
    acc: status.acc ?? null,
  });
}

export function publishState(bus: EventBus, event: StateEvent) {
  bus.publish(SUBJECT.state(event.deviceId), event);
}
