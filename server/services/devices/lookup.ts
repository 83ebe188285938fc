import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { scopeOf } from '../scope';
import { selectDeviceRows, type DeviceListRow } from './rows';

const CHUNK = 1000;

/** Condition: the device's owner lies in the caller's subtree (or it is the device of a device login). */
export function deviceScope(db: Db, auth: AuthContext): SQL {
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds = [inArray(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  return and(...conds)!;
}

/** The caller's devices among `terminalIds`, as list rows keyed by terminalID; others are absent. */
export async function deviceRowsInScope(
  db: Db,
  auth: AuthContext,
  terminalIds: readonly string[],
): Promise<Map<string, DeviceListRow>> {
  const out = new Map<string, DeviceListRow>();
  const scope = deviceScope(db, auth);
  for (let i = 0; i < terminalIds.length; i += CHUNK) {
    const part = terminalIds.slice(i, i + CHUNK);
    const rows = await selectDeviceRows(db).where(and(inArray(devices.terminalId, part), scope));
    for (const r of rows) out.set(r.terminalID, r);
  }
  return out;
}

/** Which of `plates` another device already carries: plate → terminalIDs holding it. */
export async function platesInUse(db: Db, plates: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const distinct = [...new Set(plates.filter(Boolean))];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const rows = await db
      .select({ t: devices.terminalId, plate: devices.carNumber })
      .from(devices)
      .where(inArray(devices.carNumber, distinct.slice(i, i + CHUNK)));
    for (const r of rows) out.set(r.plate, [...(out.get(r.plate) ?? []), r.t]);
  }
  return out;
}

/** True when a device other than `terminalId` carries `plate` (plates are unique nationally). */
export async function plateTakenByOther(db: Db, plate: string, terminalId: string): Promise<boolean> {
  if (!plate) return false;
  const holders = (await platesInUse(db, [plate])).get(plate) ?? [];
  return holders.some((t) => t !== terminalId);
}
