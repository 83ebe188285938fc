import { eq } from 'drizzle-orm';
import { devicePasswordProblem } from '../../../src/domain/device-password';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { badRequest, notFound } from '../../lib/errors';
import { hashPassword } from '../passwords';
import { deleteDeviceSessions } from '../sessions';

/**
 * A device login chooses its device's password: a password one would guess first is refused,
 * the platform-drawn one stops being required, and the device's other sessions end (whoever
 * else held the old password is out).
 */
export async function changeOwnDevicePassword(
  db: Db,
  deviceId: number,
  password: string,
  keepSession: string,
) {
  const [d] = await db
    .select({ terminalId: devices.terminalId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!d) throw notFound();
  const problem = devicePasswordProblem(password, d.terminalId);
  if (problem) throw badRequest(problem);
  await db
    .update(devices)
    .set({ passwordHash: await hashPassword(password), passwordMustChange: false, updatedAt: new Date() })
    .where(eq(devices.id, deviceId));
  await deleteDeviceSessions(db, [deviceId], keepSession);
}
