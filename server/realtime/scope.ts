import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { users } from '../db/schema/users';
import type { AuthContext } from '../plugins/auth';
import { scopeOf } from '../services/scope';

/** Ids of the devices a caller may see live: those owned anywhere in its subtree. */
export async function visibleDeviceIds(db: Db, auth: AuthContext): Promise<Set<number>> {
  if (auth.deviceId != null) return new Set([auth.deviceId]);
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      inArray(
        devices.userId,
        db
          .select({ id: users.id })
          .from(users)
          .where(and(scopeOf(auth))),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
