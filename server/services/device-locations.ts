import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEVICE_MENU_TYPE, DEVICE_STATE } from '../../src/domain/codes';
import type { LocationsV2 } from '../../src/domain/device-locations';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { users } from '../db/schema/users';
import type { AuthContext } from '../plugins/auth';
import { expiredSql, shownStateSql } from './devices/expiry-sql';
import { loadInScope, scopeOf } from './scope';

/**
 * Devices of the caller's scope with state and last position, for the monitor page (spec:
 * findDeviceLocationAll and V2). With `userId` (the agent's selected account), only that
 * account's own devices; an account outside the caller's subtree answers "not found".
 *
 * Both build their JSON inside the database and hand it over as one text value. At 10,000
 * devices, decoding rows in the driver dominated: 1.4 s a call on PGlite (about 50 µs a row)
 * against ~0.1 s for the same data aggregated by json_agg (docs/benchmarks.md, Monitor page).
 * The route splices the text into the envelope unparsed.
 */

/** V1 row shape (what `findDeviceLocationAll` answers, one object per device). */
export interface DeviceLocation {
  id: number;
  terminalID: string;
  nickname: string;
  carNumber: string;
  userId: number | null;
  /** The shown state (src/domain/expiry.ts shownState): 4 once expired. */
  state: number;
  deviceProtocol: number;
  deviceType: string;
  iconType: number;
  /** EXPIRE_TYPE: which expiry decides (src/domain/expiry.ts). */
  expireType: number;
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

/** JSON text of a value of type T, built by the database. */
export type JsonText<T> = string & { readonly __json?: T };

async function scopeConditions(db: Db, auth: AuthContext, userId?: number): Promise<SQL> {
  const owners = userId
    ? [(await loadInScope(db, auth, userId)).id]
    : db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds = [inArray(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  return and(...conds)!;
}

const d = devices;
/** ISO 8601 in UTC with milliseconds, exactly as Date.toISOString() writes it. */
const iso = (c: AnyColumn) => sql`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ms = (c: AnyColumn) => sql`(extract(epoch from ${c}) * 1000)::float8`;
/**
 * Whether the position is shown: a fix exists and the device is not past its decisive expiry
 * (docs/expiry.md: an unpaid device's whereabouts are the renewal's, as on TrackSolid or Wialon).
 */
const hasFix = sql`(${d.lat} IS NOT NULL AND ${d.lon} IS NOT NULL AND ${d.fixTime} IS NOT NULL
  AND NOT ${expiredSql()})`;

export async function deviceLocations(
  db: Db,
  auth: AuthContext,
  userId?: number,
): Promise<JsonText<DeviceLocation[]>> {
  const where = await scopeConditions(db, auth, userId);
  const row = sql`json_build_object(
    'id', ${d.id}, 'terminalID', ${d.terminalId}, 'nickname', ${d.nickname}, 'carNumber', ${d.carNumber},
    'userId', ${d.userId}, 'state', ${shownStateSql()}, 'expireType', ${d.expireType}, 'deviceProtocol', ${d.protocol}, 'deviceType', ${d.deviceType},
    'iconType', ${d.iconType}, 'platformExpireAt', ${iso(d.platformExpireAt)},
    'userExpireAt', ${iso(d.userExpireAt)},
    'location', CASE WHEN ${hasFix} THEN json_build_object(
      'lat', ${d.lat}, 'lon', ${d.lon}, 'speed', coalesce(${d.speed}, 0), 'course', coalesce(${d.course}, 0),
      'utcTime', ${iso(d.fixTime)}, 'stateTime', ${iso(d.stateTime)}, 'positionType', ${d.positionType},
      'battery', ${d.battery}, 'acc', ${d.acc}) END)`;
  const [r] = await db
    .select({ json: sql<string>`coalesce(json_agg(${row} ORDER BY ${d.id}), '[]')::text` })
    .from(d)
    .where(where);
  return r.json;
}

const { online, unactivated } = DEVICE_STATE;
/**
 * List tab of a device besides "all", by its shown state (src/domain/device-view.ts tabOf):
 * unknown and expired devices count as offline, also an expired one still connected.
 */
const TAB_SQL: Record<1 | 2 | 3, SQL> = {
  [DEVICE_MENU_TYPE.online]: sql`${shownStateSql()} = ${online}`,
  [DEVICE_MENU_TYPE.offline]: sql`${shownStateSql()} NOT IN (${online}, ${unactivated})`,
  [DEVICE_MENU_TYPE.inactive]: sql`${shownStateSql()} = ${unactivated}`,
};

/** V2 (src/domain/device-locations.ts): the same devices in columns, with the tab counts. */
export async function deviceLocationsV2(
  db: Db,
  auth: AuthContext,
  opts: { userId?: number; deviceMenuType?: number } = {},
): Promise<JsonText<LocationsV2>> {
  const where = await scopeConditions(db, auth, opts.userId);
  const tab = opts.deviceMenuType as 1 | 2 | 3;
  const rowFilter = TAB_SQL[tab] ?? sql`true`;
  const col = (v: SQL | AnyColumn, positional = false) =>
    sql`coalesce(json_agg(${positional ? sql`CASE WHEN ${hasFix} THEN ${v} END` : v} ORDER BY ${d.id})
      FILTER (WHERE ${rowFilter}), '[]')`;
  const pos = (v: SQL | AnyColumn) => col(v, true);
  const [r] = await db
    .select({
      json: sql<string>`json_build_object(
        'total', count(*) FILTER (WHERE ${rowFilter}),
        'counts', json_build_object('0', count(*), '1', count(*) FILTER (WHERE ${TAB_SQL[1]}),
          '2', count(*) FILTER (WHERE ${TAB_SQL[2]}), '3', count(*) FILTER (WHERE ${TAB_SQL[3]})),
        'columns', json_build_object(
          'id', ${col(d.id)}, 'terminalID', ${col(d.terminalId)}, 'nickname', ${col(d.nickname)},
          'carNumber', ${col(d.carNumber)}, 'userId', ${col(d.userId)}, 'state', ${col(shownStateSql())},
          'expireType', ${col(d.expireType)},
          'deviceProtocol', ${col(d.protocol)}, 'deviceType', ${col(d.deviceType)},
          'iconType', ${col(d.iconType)}, 'platformExpireAt', ${col(ms(d.platformExpireAt))},
          'userExpireAt', ${col(ms(d.userExpireAt))}, 'stateTime', ${col(ms(d.stateTime))},
          'lat', ${pos(d.lat)}, 'lon', ${pos(d.lon)}, 'speed', ${pos(sql`coalesce(${d.speed}, 0)`)},
          'course', ${pos(sql`coalesce(${d.course}, 0)`)}, 'fixTime', ${pos(ms(d.fixTime))},
          'positionType', ${pos(d.positionType)}, 'battery', ${pos(d.battery)}, 'acc', ${pos(d.acc)})
      )::text`,
    })
    .from(d)
    .where(where);
  return r.json;
}
