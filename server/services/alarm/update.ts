import type { Db } from '../../db/client';
import { alarms } from '../../db/schema/alarms';
import { badField, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { alarmConditions, type AlarmFilter } from './filter';

/**
 * The alarm writes (docs/api/alarms.md): mark read or unread, save an address, delete. Every
 * one is limited to the caller's scope; ids outside it are left alone and not counted.
 */

/** The rows a write names: ids, or with `all` every alarm matching the filter. */
export interface AlarmTargets extends AlarmFilter {
  id?: number;
  ids?: number[];
  all?: boolean;
}

async function targetsWhere(db: Db, auth: AuthContext, t: AlarmTargets) {
  if (t.all) return alarmConditions(db, auth, t);
  const ids = [...new Set([...(t.ids ?? []), ...(t.id != null ? [t.id] : [])])];
  if (!ids.length) throw badField('fieldRequired', 'ids');
  // Named rows: the filter's read state and dates do not apply, only the scope.
  return alarmConditions(db, auth, { userId: t.userId, includeSubtree: t.includeSubtree }, ids);
}

/**
 * upDateDeviceAlarm: sets the read flag (`read` is the new state here, so the filter's read
 * state does not apply); answers how many alarms it changed.
 */
export async function markAlarms(
  db: Db,
  auth: AuthContext,
  t: Omit<AlarmTargets, 'read'> & { read: boolean },
) {
  const where = await targetsWhere(db, auth, { ...t, read: undefined });
  const rows = await db.update(alarms).set({ read: t.read }).where(where).returning({ id: alarms.id });
  return { updated: rows.length };
}

/** deleteDeviceAlarm: deletes; a single `id` outside the scope (or unknown) answers not found. */
export async function deleteAlarms(db: Db, auth: AuthContext, t: AlarmTargets) {
  const where = await targetsWhere(db, auth, t);
  const rows = await db.delete(alarms).where(where).returning({ id: alarms.id });
  if (t.id != null && !t.ids?.length && !t.all && rows.length === 0) throw notFound();
  return { deleted: rows.length };
}

/** saveAlarmAddress: the address the client reverse-geocoded for one alarm. */
export async function saveAlarmAddress(db: Db, auth: AuthContext, id: number, address: string) {
  const where = await alarmConditions(db, auth, {}, [id]);
  const rows = await db
    .update(alarms)
    .set({ address: address.trim() || null })
    .where(where)
    .returning({ id: alarms.id });
  if (!rows.length) throw notFound();
  return { id, address: address.trim() || null };
}
