import { and, inArray, isNotNull, not, like } from 'drizzle-orm';
import type { PlatformAlarmType } from '../../../src/domain/alarm-types';
import { storeAlarms } from '../../alarms/store';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { verifyPassword } from '../passwords';

/** What an owner sees once their devices' shared default passwords were retired. */
export const PASSWORDS_RETIRED_ALARM: PlatformAlarmType = 'devicePasswordsRetired';

/**
 * Retires the shared default device password of older versions ("123456", or the old
 * DEFAULT_DEVICE_PASSWORD): such devices get no password at all (nobody can log in with them
 * until the owner resets one, which draws a password of the device's own), and each owner is
 * told once, with an alarm on one of its devices naming how many. Older versions hashed the
 * default once per import or reset, so the distinct hashes are few: each is checked once and
 * the devices sharing it are changed together. Idempotent: run at every start.
 */
export async function retireDefaultDevicePasswords(db: Db, bus: EventBus, defaults: readonly string[]) {
  const hashes = await db
    .selectDistinct({ h: devices.passwordHash })
    .from(devices)
    .where(and(isNotNull(devices.passwordHash), not(like(devices.passwordHash, 's256$%'))));
  const weak: string[] = [];
  for (const { h } of hashes) for (const plain of defaults) if (await verifyPassword(h, plain)) weak.push(h!);
  if (!weak.length) return { devices: 0, owners: 0 };
  const changed = await db
    .update(devices)
    .set({ passwordHash: null, passwordMustChange: true })
    .where(inArray(devices.passwordHash, weak))
    .returning({ id: devices.id, terminalId: devices.terminalId, userId: devices.userId });
  const byOwner = new Map<number, typeof changed>();
  for (const d of changed) if (d.userId != null) byOwner.set(d.userId, [...(byOwner.get(d.userId) ?? []), d]);
  const now = new Date();
  await storeAlarms(
    db,
    bus,
    [...byOwner.values()].map((list) => ({
      deviceId: list[0]!.id,
      terminalId: list[0]!.terminalId,
      type: PASSWORDS_RETIRED_ALARM,
      time: now,
      lat: null,
      lon: null,
      speed: null,
      attributes: { devices: list.length, terminalIds: list.slice(0, 50).map((d) => d.terminalId) },
    })),
  );
  return { devices: changed.length, owners: byOwner.size };
}
