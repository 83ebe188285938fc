import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, type DeviceRow } from '../db/schema/devices';
import { users } from '../db/schema/users';
import { notFound } from '../lib/errors';
import type { AuthContext } from '../plugins/auth';
import { scopeOf } from './scope';

/** The device if its owner lies in the caller's subtree (or it is the device of a device login). */
export async function loadDeviceInScope(db: Db, auth: AuthContext, terminalId: string): Promise<DeviceRow> {
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds = [eq(devices.terminalId, terminalId), inArray(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  const [row] = await db
    .select()
    .from(devices)
    .where(and(...conds))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The caller's devices among `terminalIds`, keyed by terminal id; others are absent. */
export async function loadDevicesInScope(
  db: Db,
  auth: AuthContext,
  terminalIds: readonly string[],
): Promise<Map<string, DeviceRow>> {
  const out = new Map<string, DeviceRow>();
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  for (let i = 0; i < terminalIds.length; i += 1000) {
    const conds = [
      inArray(devices.terminalId, terminalIds.slice(i, i + 1000)),
      inArray(devices.userId, owners),
    ];
    if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
    const rows = await db
      .select()
      .from(devices)
      .where(and(...conds));
    for (const r of rows) out.set(r.terminalId, r);
  }
  return out;
}
