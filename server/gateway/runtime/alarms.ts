import { fixProblem } from '../../../src/domain/fix-validity';
import { storeAlarms } from '../../alarms/store';
import type { LocationMessage } from '../codec';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';

import type { AlarmEvent } from '../../../src/domain/live-events';

export type { AlarmEvent };

/** Stores an alarm a tracker sent (unread) and tells the bus, once per device, type and time. */
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
  const position =
    fix && problem === null
      ? { lat: fix.latitude, lon: fix.longitude, speed: fix.speed }
      : { lat: null, lon: null, speed: null };
  await storeAlarms(ctx.db, ctx.bus, [
    {
      deviceId: device.id,
      terminalId: device.terminalId,
      type,
      time,
      ...position,
      attributes: fix?.alarms ? { alarms: fix.alarms } : null,
    },
  ]);
}
