import { fixProblem } from '../../../src/domain/fix-validity';
import { SUBJECT } from '../../bus/types';
import { alarms } from '../../db/schema/alarms';
import type { LocationMessage } from '../codec';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';

import type { AlarmEvent } from '../../../src/domain/live-events';

export type { AlarmEvent };

/** Stores an alarm (unread) and tells the bus. */
export async function recordAlarm(
  ctx: GatewayContext,
  device: KnownDevice,
  type: string,
  fix: LocationMessage | null,
) {
  if (device.id == null) return;
  const now = new Date();
  const problem = fix ? fixProblem(fix, now) : 'noFix';
  // An alarm without a trusted fix still happened: at the device's time, unless that is garbage.
  const time = fix && problem !== 'future' ? fix.time : now;
  const position = fix && problem === null
    ? { lat: fix.latitude, lon: fix.longitude, speed: fix.speed }
    : { lat: null, lon: null, speed: null };
  const [row] = await ctx.db
    .insert(alarms)
    .values({
      deviceId: device.id,
      type,
      time,
      ...position,
      attributes: fix?.alarms ? { alarms: fix.alarms } : null,
    })
    .returning({ id: alarms.id });
  const event: AlarmEvent = {
    type: 'alarm',
    id: row.id,
    deviceId: device.id,
    terminalId: device.terminalId,
    alarm: type,
    time: time.toISOString(),
    ...position,
  };
  ctx.bus.publish(SUBJECT.alarm(device.id), event);
}
