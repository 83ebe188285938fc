import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { rollupDay } from '../../server/services/track/rollup';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import type { TrackFix } from '../../src/domain/track';
import type { Harness } from './harness';

let made = 0;

/**
 * A GT06 vehicle of the test's own under `username`, with `fixes` stored as its positions (ACC
 * as given) and `days` rolled up as the rollup job does. Its IMEI is new to the database.
 */
export async function ownRolledVehicle(
  h: Harness,
  username: string,
  fixes: readonly TrackFix[],
  days: readonly string[],
) {
  const terminalId = `869329${String(Date.now() + made++).slice(-9)}`;
  const [d] = await h.handle.db
    .insert(devices)
    .values({
      terminalId,
      userId: await h.idOf(username),
      deviceType: 'GT06N',
      protocol: DEVICE_PROTOCOL.Gt06,
      state: DEVICE_STATE.offline,
    })
    .returning();
  await h.handle.db.insert(positions).values(
    fixes.map((f) => ({
      deviceId: d.id,
      fixTime: new Date(f.t),
      lat: f.lat,
      lon: f.lon,
      speed: f.speed,
      course: f.course,
      acc: f.acc ?? null,
    })),
  );
  for (const day of days) await rollupDay(h.handle.db, d.id, day);
  return { id: d.id, terminalId };
}
