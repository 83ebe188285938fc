import { inArray } from 'drizzle-orm';
import { decisiveExpiry } from '../../src/domain/expiry';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { users } from '../db/schema/users';
import type { AuthContext } from '../plugins/auth';
import { scopeOf } from '../services/scope';

/**
 * The devices a caller may see live (those owned anywhere in its subtree), each with its
 * decisive expiry in epoch ms (null: none), so that the hub can hold back an expired device's
 * positions at the moment it expires, not at the next scope refresh.
 */
export async function visibleDevices(db: Db, auth: AuthContext): Promise<Map<number, number | null>> {
  const cols = {
    id: devices.id,
    expireType: devices.expireType,
    platformExpireAt: devices.platformExpireAt,
    userExpireAt: devices.userExpireAt,
  };
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const rows = await db
    .select(cols)
    .from(devices)
    .where(auth.deviceId != null ? inArray(devices.id, [auth.deviceId]) : inArray(devices.userId, owners));
  return new Map(rows.map((r) => [r.id, decisiveExpiry(r)]));
}
