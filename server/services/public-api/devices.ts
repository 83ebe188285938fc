import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { displayName } from '../../../src/domain/device-view';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';
import { expiredSql, shownStateSql } from '../devices/expiry-sql';
import { deviceList } from '../devices/list';
import type { DeviceListRow } from '../devices/rows';
import { scopeOf } from '../scope';

/**
 * Devices and last positions as the public API answers them (docs/api/public-api.md): camelCase
 * names an integrator expects (terminalId, not terminalID), states by name, and the same scope
 * and expiry rules as the web app (an expired device's position is not shown).
 */

export const STATE_NAMES = ['online', 'offline', 'inactive', 'expired', 'unknown'] as const;
export type StateName = (typeof STATE_NAMES)[number];
const STATE_CODE: Record<StateName, number> = {
  online: DEVICE_STATE.online,
  offline: DEVICE_STATE.offline,
  inactive: DEVICE_STATE.unactivated,
  expired: DEVICE_STATE.expired,
  unknown: DEVICE_STATE.unknown,
};
export const stateName = (code: number): StateName =>
  STATE_NAMES.find((n) => STATE_CODE[n] === code) ?? 'unknown';

export interface DeviceV1 {
  terminalId: string;
  name: string;
  nickname: string | null;
  carNumber: string | null;
  sim: string | null;
  deviceType: string | null;
  protocol: number | null;
  state: StateName;
  owner: string | null;
  ownerId: number | null;
  activatedAt: Date | null;
  platformExpireAt: Date | null;
  userExpireAt: Date | null;
  lastOnlineAt: Date | null;
  createdAt: Date | null;
}

function deviceV1(r: DeviceListRow): DeviceV1 {
  return {
    terminalId: r.terminalID,
    name: displayName({ carNumber: r.carNumber, nickname: r.nickname, terminalID: r.terminalID }),
    nickname: r.nickname,
    carNumber: r.carNumber,
    sim: r.sim,
    deviceType: r.deviceType,
    protocol: r.protocol,
    state: stateName(r.state),
    owner: r.username,
    ownerId: r.userId,
    activatedAt: r.activatedAt,
    platformExpireAt: r.platformExpireAt,
    userExpireAt: r.userExpireAt,
    lastOnlineAt: r.lastOnlineAt,
    createdAt: r.createdAt,
  };
}

export async function listDevicesV1(
  db: Db,
  auth: AuthContext,
  q: { page?: number; pageSize?: number; state?: StateName; keyword?: string },
) {
  const r = await deviceList(db, auth, {
    pageNum: q.page,
    pageSize: q.pageSize,
    state: q.state ? STATE_CODE[q.state] : undefined,
    keyword: q.keyword,
    orderBy: 'id',
    order: 'asc',
  });
  return { list: r.list.map(deviceV1), total: r.total, page: q.page ?? 1 };
}

const d = devices;
const positionCols = {
  terminalId: d.terminalId,
  lat: d.lat,
  lon: d.lon,
  speed: d.speed,
  course: d.course,
  fixTime: d.fixTime,
  positionType: d.positionType,
  acc: d.acc,
  battery: d.battery,
  state: sql<number>`${shownStateSql()}`.mapWith(Number),
  expired: sql<boolean>`${expiredSql()}`.mapWith(Boolean),
};

export interface PositionV1 {
  terminalId: string;
  state: StateName;
  /** Null without a fix, and once the device has expired. */
  position: {
    lat: number;
    lon: number;
    speed: number;
    course: number;
    fixTime: Date;
    positionType: string | null;
    acc: boolean | null;
    battery: number | null;
  } | null;
}

function positionV1(r: Awaited<ReturnType<typeof selectPositions>>[number]): PositionV1 {
  const shown = r.lat != null && r.lon != null && r.fixTime != null && !r.expired;
  return {
    terminalId: r.terminalId,
    state: stateName(r.state),
    position: shown
      ? {
          lat: r.lat!,
          lon: r.lon!,
          speed: r.speed ?? 0,
          course: r.course ?? 0,
          fixTime: r.fixTime!,
          positionType: r.positionType,
          acc: r.acc,
          battery: r.battery,
        }
      : null,
  };
}

function selectPositions(db: Db, where: SQL) {
  return db.select(positionCols).from(d).where(where).orderBy(asc(d.id));
}

/** One device of the caller's scope, with its last position (not found outside the scope). */
export async function oneDeviceV1(db: Db, auth: AuthContext, terminalId: string) {
  const device = await loadDeviceInScope(db, auth, terminalId);
  const [row] = await deviceList(db, auth, { imeis: device.terminalId, pageSize: 1 }).then((r) => r.list);
  const [pos] = await selectPositions(db, eq(d.id, device.id));
  if (!row || !pos) return null;
  return { ...deviceV1(row), position: positionV1(pos).position };
}

/** Last positions of the caller's devices, all or the given ones (others simply absent). */
export async function latestPositions(db: Db, auth: AuthContext, terminalIds?: readonly string[]) {
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds: SQL[] = [inArray(d.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(d.id, auth.deviceId));
  if (terminalIds?.length) conds.push(inArray(d.terminalId, [...terminalIds]));
  const rows = await selectPositions(db, and(...conds)!);
  return rows.map(positionV1);
}
