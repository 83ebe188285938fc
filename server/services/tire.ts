import { asc, eq } from 'drizzle-orm';
import { tireAbnormal, tireEvents, tireStates, type TireAnswer, type TireWheel } from '../../src/domain/tire';
import type { Db } from '../db/client';
import { tireReadings } from '../db/schema/tire-readings';
import type { AuthContext } from '../plugins/auth';
import { loadDeviceInScope } from './device-scope';
import { deviceName } from './track/track';

/** findTire (docs/api/tire.md): the latest reading of each wheel of one device, with its states. */

export async function findTire(db: Db, auth: AuthContext, terminalId: string): Promise<TireAnswer> {
  const device = await loadDeviceInScope(db, auth, terminalId);
  const rows = await db
    .select()
    .from(tireReadings)
    .where(eq(tireReadings.deviceId, device.id))
    .orderBy(asc(tireReadings.position));
  const list = rows.map((r): TireWheel => {
    const states = tireStates(r);
    return {
      position: r.position,
      pressureKpa: r.pressureKpa,
      temperatureC: r.temperatureC,
      batteryPct: r.batteryPct,
      eventType: r.eventType,
      events: tireEvents(r.eventType),
      states,
      abnormal: tireAbnormal(states),
      time: r.updatedAt.getTime(),
    };
  });
  return {
    terminalID: device.terminalId,
    name: deviceName(device),
    deviceType: device.deviceType,
    updatedAt: list.length ? Math.max(...list.map((w) => w.time)) : null,
    abnormal: list.filter((w) => w.abnormal).length,
    list,
  };
}
