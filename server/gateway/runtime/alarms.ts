import { fixProblem } from '../../../src/domain/fix-validity';
import { storeAlarms } from '../../alarms/store';
import type { LocationMessage } from '../codec';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';

import type { AlarmEvent } from '../../../src/domain/live-events';

export type { AlarmEvent };

/**
 * Stores the alarms a tracker sent (unread) and tells the bus, once per device, type and time.
 * A frame that raises several alarms (an 808 alarm word, a GT06 alarm byte and its info bits)
 * stores one row per alarm of `types`, each with the list in its attributes.
 */
export async function recordAlarm(
  ctx: GatewayContext,
  device: KnownDevice,
  types: readonly string[],
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
  const deviceId = device.id;
  await storeAlarms(
    ctx.db,
    ctx.bus,
    types.map((t) => ({
      deviceId,
      terminalId: device.terminalId,
      type: t,
      time,
      ...position,
      attributes: types.length > 1 ? { alarms: types } : null,
    })),
  );
}
