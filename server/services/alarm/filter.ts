import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alarmWindow, type AlarmReadState } from '../../../src/domain/alarm-list';
import { storedAlarmTypes } from '../../../src/domain/alarm-types';
import type { Db } from '../../db/client';
import { alarms } from '../../db/schema/alarms';
import { devices } from '../../db/schema/devices';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { ownerIds } from '../devices/filter';
import { idArray } from '../../lib/sql';

/**
 * Which alarms a call covers (docs/api/alarms.md): those of the devices owned by the caller's
 * subtree, or by a selected account of it (and its subtree unless told otherwise), narrowed by
 * device, type, platform days and read state. Ids and terminal ids outside the scope simply
 * match nothing, so another tree's alarm is as absent as one that does not exist.
 */
export interface AlarmFilter {
  userId?: number;
  includeSubtree?: boolean;
  terminalIDs?: string[];
  types?: string[];
  startDate?: string;
  endDate?: string;
  read?: AlarmReadState;
}

/** The devices of the scope, as a sub-select (a subtree may own 100,000 devices). */
async function scopedDevices(db: Db, auth: AuthContext, f: AlarmFilter): Promise<SQL> {
  const owners = await ownerIds(db, auth, { userId: f.userId, includeSubtree: f.includeSubtree });
  const conds: SQL[] = [sql`${devices.userId} = ANY(${idArray(owners)}::int[])`];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  if (f.terminalIDs?.length) conds.push(inArray(devices.terminalId, f.terminalIDs));
  return sql`${alarms.deviceId} IN (SELECT ${devices.id} FROM ${devices} WHERE ${and(...conds)})`;
}

/** The WHERE on `alarms` of a filter, scope included; `ids` narrows it to those rows. */
export async function alarmConditions(
  db: Db,
  auth: AuthContext,
  f: AlarmFilter,
  ids?: readonly number[],
): Promise<SQL> {
  const window = alarmWindow(f.startDate, f.endDate);
  if (window === 'rangeOrder') throw badRequest('rangeOrder');
  const conds: SQL[] = [await scopedDevices(db, auth, f)];
  if (ids) conds.push(sql`${alarms.id} = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  if (f.types?.length) conds.push(inArray(alarms.type, storedAlarmTypes(f.types)));
  if (window.from) conds.push(gte(alarms.time, window.from));
  if (window.to) conds.push(lt(alarms.time, window.to));
  if (f.read === 'unread') conds.push(eq(alarms.read, false));
  if (f.read === 'read') conds.push(eq(alarms.read, true));
  return and(...conds)!;
}
