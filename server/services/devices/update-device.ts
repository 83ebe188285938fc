import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { validateOsmAndKey } from '../../../src/domain/osmand-key';
import { badRequest } from '../../lib/errors';
import { hashOsmAndKey } from '../../gateway/osmand/device-key';
import { updateDeviceInfo, type DeviceInfoInput } from './info';

export interface UpdateDeviceInput extends DeviceInfoInput {
  /** Overspeed threshold in km/h; 0 clears it (the platform default applies). */
  speedLimit?: number;
  /** The key the OsmAnd listener requires of the device (src/domain/osmand-key.ts); '' clears it. */
  osmandKey?: string;
  /** Fastest believable speed in km/h (src/domain/fix-jump.ts); 0 clears it (the kind's default). */
  maxSpeed?: number;
}

/**
 * updateDevice: the device list's edit dialog. The fields shared with deviceUpdateDeviceInfo
 * go through that service (same checks, scope and plate rule); the speed limit, the maximum
 * speed and the OsmAnd key, which that screen does not edit, are set here, after the shared
 * update found the device in scope.
 */
export async function updateDevice(db: Db, auth: AuthContext, input: UpdateDeviceInput) {
  const { speedLimit, osmandKey, maxSpeed, ...info } = input;
  if (osmandKey !== undefined) {
    const problem = validateOsmAndKey(osmandKey);
    if (problem) throw badRequest(problem);
  }
  const row = await updateDeviceInfo(db, auth, info);
  // Set only once the shared update found the device in the caller's scope (it throws otherwise).
  const own: Partial<typeof devices.$inferInsert> = {};
  if (osmandKey !== undefined) own.osmandKeyHash = osmandKey === '' ? null : hashOsmAndKey(osmandKey);
  if (maxSpeed !== undefined) own.maxSpeed = maxSpeed === 0 ? null : maxSpeed;
  if (row && Object.keys(own).length) await db.update(devices).set(own).where(eq(devices.id, row.id));
  if (speedLimit === undefined || !row) return { ...row, speedLimit: await speedLimitOf(db, row?.id) };
  const value = speedLimit === 0 ? null : speedLimit;
  await db.update(devices).set({ speedLimit: value }).where(eq(devices.id, row.id));
  return { ...row, speedLimit: value };
}

async function speedLimitOf(db: Db, id: number | undefined): Promise<number | null> {
  if (id === undefined) return null;
  const [r] = await db.select({ v: devices.speedLimit }).from(devices).where(eq(devices.id, id));
  return r?.v ?? null;
}
