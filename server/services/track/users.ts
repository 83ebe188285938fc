import { and, asc, eq, inArray } from 'drizzle-orm';
import { TRACK_MAX_DEVICES } from '../../../src/domain/constants';
import type { Db } from '../../db/client';
import { devices, type DeviceRow } from '../../db/schema/devices';
import { trackUsers } from '../../db/schema/track-users';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';
import { scopeOf } from '../scope';

/**
 * The playback selection an account remembers (spec: trackUser {usr_list}): at most 5 devices
 * of its scope. The client's userId, nickname and carNumber are not stored; the list answers
 * with the devices' current values.
 */

export interface TrackUserItem {
  terminalID: string;
  userId?: number;
  nickname?: string;
  carNumber?: string;
}

export async function saveTrackUsers(db: Db, auth: AuthContext, list: TrackUserItem[]) {
  const ids = [...new Set(list.map((i) => i.terminalID))];
  if (ids.length > TRACK_MAX_DEVICES) throw badRequest('trackTooManyDevices');
  const rows: DeviceRow[] = [];
  for (const terminalId of ids) rows.push(await loadDeviceInScope(db, auth, terminalId));
  await db.transaction(async (tx) => {
    await tx.delete(trackUsers).where(eq(trackUsers.userId, auth.user.id));
    if (rows.length)
      await tx
        .insert(trackUsers)
        .values(rows.map((d, position) => ({ userId: auth.user.id, deviceId: d.id, position })));
  });
  return listTrackUsers(db, auth);
}

export async function listTrackUsers(db: Db, auth: AuthContext) {
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const rows = await db
    .select({
      terminalID: devices.terminalId,
      userId: devices.userId,
      nickname: devices.nickname,
      carNumber: devices.carNumber,
    })
    .from(trackUsers)
    .innerJoin(devices, eq(devices.id, trackUsers.deviceId))
    // A device moved out of the caller's subtree since it was chosen is left out.
    .where(and(eq(trackUsers.userId, auth.user.id), inArray(devices.userId, owners)))
    .orderBy(asc(trackUsers.position));
  return { usr_list: rows };
}
