import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { users } from '../db/schema/users';
import type { AuthContext } from '../plugins/auth';
import { loadInScope, scopeOf } from './scope';

export interface DeviceLocation {
  id: number;
  terminalID: string;
  nickname: string;
  carNumber: string;
  userId: number | null;
  state: number;
  deviceProtocol: number;
  deviceType: string;
  iconType: number;
  platformExpireAt: string | null;
  userExpireAt: string | null;
  /** Null without a fix, and past expiry (an expired device's positions are not shown). */
  location: {
    lat: number;
    lon: number;
    speed: number;
    course: number;
    utcTime: string;
    stateTime: string | null;
    positionType: string | null;
    battery: number | null;
    acc: boolean | null;
  } | null;
}

/**
 * Devices of the caller's scope with their state and last position (spec: findDeviceLocationAll).
 * With `userId` (the agent's selected account), only that account's own devices.
 */
export async function deviceLocations(db: Db, auth: AuthContext, userId?: number): Promise<DeviceLocation[]> {
  const owners = userId
    ? [(await loadInScope(db, auth, userId)).id]
    : db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds = [inArray(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  const rows = await db
    .select()
    .from(devices)
    .where(and(...conds))
    .orderBy(asc(devices.id));
  const now = Date.now();
  return rows.map((d) => {
    const expired = !!d.platformExpireAt && d.platformExpireAt.getTime() < now;
    return {
      id: d.id,
      terminalID: d.terminalId,
      nickname: d.nickname,
      carNumber: d.carNumber,
      userId: d.userId,
      state: d.state,
      deviceProtocol: d.protocol,
      deviceType: d.deviceType,
      iconType: d.iconType,
      platformExpireAt: d.platformExpireAt?.toISOString() ?? null,
      userExpireAt: d.userExpireAt?.toISOString() ?? null,
      location:
        d.lat == null || d.lon == null || !d.fixTime || expired
          ? null
          : {
              lat: d.lat,
              lon: d.lon,
              speed: d.speed ?? 0,
              course: d.course ?? 0,
              utcTime: d.fixTime.toISOString(),
              stateTime: d.stateTime?.toISOString() ?? null,
              positionType: d.positionType,
              battery: d.battery,
              acc: d.acc,
            },
    };
  });
}
