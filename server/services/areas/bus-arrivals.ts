import { and, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { visitSeconds } from '../../../src/domain/area/presence';
import { displayName } from '../../../src/domain/device-view';
import type { Db } from '../../db/client';
import { busRoutes, busStopArrivals } from '../../db/schema/bus-routes';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { deviceScope } from '../devices/lookup';
import { scopeOf } from '../scope';
import { timeRange } from './range';

/**
 * bus/arrivals (docs/api/areas.md): the arrivals at the stops of one route of the caller's
 * subtree that the alarm engine recorded, by vehicles of the caller's subtree, newest first.
 */
export interface ArrivalQuery extends PageParams {
  routeId: number;
  terminalID?: string;
  /** Arrivals overlapping [startTime, endTime). */
  startTime?: string;
  endTime?: string;
}

export interface ArrivalRow {
  id: number;
  terminalID: string;
  deviceName: string;
  /** Index into the route's stops (0 first). */
  stopIndex: number;
  /** The stop's name as the route now has it ('' when the route lost that stop since). */
  stopName: string;
  arrivedAt: Date;
  departedAt: Date | null;
  /** Seconds at the stop; null while still there. */
  duration: number | null;
}

export async function listArrivals(db: Db, auth: AuthContext, q: ArrivalQuery) {
  const [route] = await db
    .select({ id: busRoutes.id, stops: busRoutes.stops })
    .from(busRoutes)
    .innerJoin(users, eq(users.id, busRoutes.userId))
    .where(and(eq(busRoutes.id, q.routeId), scopeOf(auth)))
    .limit(1);
  if (!route) throw notFound();
  const conds: SQL[] = [eq(busStopArrivals.routeId, route.id), deviceScope(db, auth)];
  if (q.terminalID) conds.push(eq(devices.terminalId, q.terminalID.trim()));
  const { start, end } = timeRange(q);
  if (end) conds.push(lt(busStopArrivals.arrivedAt, end));
  if (start) conds.push(or(isNull(busStopArrivals.departedAt), gte(busStopArrivals.departedAt, start))!);
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)` })
    .from(busStopArrivals)
    .innerJoin(devices, eq(devices.id, busStopArrivals.deviceId))
    .where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      id: busStopArrivals.id,
      terminalId: devices.terminalId,
      carNumber: devices.carNumber,
      nickname: devices.nickname,
      stopIndex: busStopArrivals.stopIndex,
      arrivedAt: busStopArrivals.arrivedAt,
      departedAt: busStopArrivals.departedAt,
    })
    .from(busStopArrivals)
    .innerJoin(devices, eq(devices.id, busStopArrivals.deviceId))
    .where(where)
    .orderBy(desc(busStopArrivals.arrivedAt), desc(busStopArrivals.id))
    .limit(limit)
    .offset(offset);
  const list = rows.map((r): ArrivalRow => ({
    id: r.id,
    terminalID: r.terminalId,
    deviceName: displayName({ carNumber: r.carNumber, nickname: r.nickname, terminalID: r.terminalId }),
    stopIndex: r.stopIndex,
    stopName: route.stops[r.stopIndex]?.name ?? '',
    arrivedAt: r.arrivedAt,
    departedAt: r.departedAt,
    duration: visitSeconds(r.arrivedAt, r.departedAt),
  }));
  return { list, total: Number(total) };
}
