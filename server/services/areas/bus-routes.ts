import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { busRouteProblem, type BusStopInput } from '../../../src/domain/area/bus';
import { displayName } from '../../../src/domain/device-view';
import { parseTerminalIds } from '../../../src/domain/device-rules';
import type { LonLat } from '../../../src/domain/fence/shape';
import type { Db } from '../../db/client';
import { busRouteDevices, busRoutes, type BusStop } from '../../db/schema/bus-routes';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { badField, badRequest, notFound } from '../../lib/errors';
import { sqlState } from '../../lib/schema/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { deviceScope } from '../devices/lookup';
import { fencesChanged, type FenceContext } from '../fence/context';
import { loadInScope, scopeOf } from '../scope';

/**
 * busRoutesList, busRoutesAdd, busRoutesEdit and busRoutesDel (docs/api/areas.md): bus routes of
 * the caller's subtree, each a polyline with ordered stops and the vehicles assigned to it.
 * Every write tells the alarm engines (fences.changed), which record arrivals at the stops.
 */
export interface BusRouteView {
  id: number;
  name: string;
  userId: number;
  username: string;
  /** [lng, lat] WGS-84. */
  line: [number, number][];
  stops: BusStop[];
  /** Assigned vehicles of the caller's subtree, by terminal id. */
  devices: { terminalID: string; name: string }[];
  createdAt: Date;
}

export interface BusRouteInput {
  name?: string;
  userId?: number;
  line?: readonly (readonly number[])[];
  stops?: readonly BusStopInput[];
  /** Replaces the assigned vehicles when given. */
  terminalIDs?: readonly string[];
}

async function loadRoute(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ route: busRoutes, username: users.username })
    .from(busRoutes)
    .innerJoin(users, eq(users.id, busRoutes.userId))
    .where(and(eq(busRoutes.id, id), scopeOf(auth)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function viewOf(db: Db, auth: AuthContext, id: number): Promise<BusRouteView> {
  const { route, username } = await loadRoute(db, auth, id);
  const assigned = await db
    .select({ terminalId: devices.terminalId, carNumber: devices.carNumber, nickname: devices.nickname })
    .from(busRouteDevices)
    .innerJoin(devices, eq(devices.id, busRouteDevices.deviceId))
    .where(and(eq(busRouteDevices.routeId, id), deviceScope(db, auth)))
    .orderBy(asc(devices.terminalId));
  return {
    id: route.id,
    name: route.name,
    userId: route.userId,
    username,
    line: route.line,
    stops: route.stops,
    devices: assigned.map((d) => ({
      terminalID: d.terminalId,
      name: displayName({ carNumber: d.carNumber, nickname: d.nickname, terminalID: d.terminalId }),
    })),
    createdAt: route.createdAt,
  };
}

/** busRoutesList: the routes the account `userId` (of the caller's subtree; default the caller) owns. */
export async function listBusRoutes(db: Db, auth: AuthContext, q: PageParams & { userId?: number }) {
  const owner = q.userId ? await loadInScope(db, auth, q.userId) : auth.user;
  const [{ total }] = await db
    .select({ total: count() })
    .from(busRoutes)
    .where(eq(busRoutes.userId, owner.id));
  const { limit, offset } = pageWindow(q);
  const ids = await db
    .select({ id: busRoutes.id })
    .from(busRoutes)
    .where(eq(busRoutes.userId, owner.id))
    .orderBy(asc(busRoutes.id))
    .limit(limit)
    .offset(offset);
  const list = [];
  for (const { id } of ids) list.push(await viewOf(db, auth, id));
  return { list, total: Number(total) };
}

/** Device ids of the caller's subtree for the terminal ids; any other answers notFound. */
async function deviceIdsOf(db: Db, auth: AuthContext, terminalIDs: readonly string[]): Promise<number[]> {
  const wanted = parseTerminalIds(terminalIDs);
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.terminalId, wanted), deviceScope(db, auth)));
  if (rows.length !== wanted.length) throw notFound();
  return rows.map((r) => r.id);
}

function checked(name: string, line: readonly (readonly number[])[], stops: readonly BusStopInput[]) {
  if (!name.trim()) throw badField('fieldRequired', 'name');
  const points = line.map((p): LonLat => [p[0], p[1]]);
  const problem = busRouteProblem(points, stops);
  if (problem) throw badRequest(problem);
  return {
    name: name.trim(),
    line: points.map(([lng, lat]): [number, number] => [lng, lat]),
    stops: stops.map((s) => ({ name: s.name.trim(), lon: s.lon, lat: s.lat, radius: Math.round(s.radius) })),
  };
}

async function nameTaken(db: Db, userId: number, name: string, exceptId?: number) {
  const conds = [eq(busRoutes.userId, userId), eq(busRoutes.name, name)];
  if (exceptId) conds.push(ne(busRoutes.id, exceptId));
  const [row] = await db
    .select({ id: busRoutes.id })
    .from(busRoutes)
    .where(and(...conds))
    .limit(1);
  return !!row;
}

/** Adds a route (no `id`) or edits one; answers it as the list does. */
export async function saveBusRoute(
  ctx: FenceContext,
  input: BusRouteInput & { id?: number },
): Promise<BusRouteView> {
  const { db, auth } = ctx;
  const existing = input.id ? (await loadRoute(db, auth, input.id)).route : null;
  const values = checked(
    input.name ?? existing?.name ?? '',
    input.line ?? existing?.line ?? [],
    input.stops ?? existing?.stops ?? [],
  );
  const ownerId = input.userId
    ? (await loadInScope(db, auth, input.userId)).id
    : (existing?.userId ?? auth.user.id);
  if (await nameTaken(db, ownerId, values.name, existing?.id)) throw badRequest('busRouteNameTaken');
  const deviceIds = input.terminalIDs ? await deviceIdsOf(db, auth, input.terminalIDs) : null;
  let id = existing?.id ?? 0;
  try {
    await db.transaction(async (tx) => {
      if (existing)
        await tx
          .update(busRoutes)
          .set({ ...values, userId: ownerId, updatedAt: new Date() })
          .where(eq(busRoutes.id, existing.id));
      else
        [{ id }] = await tx
          .insert(busRoutes)
          .values({ ...values, userId: ownerId })
          .returning({ id: busRoutes.id });
      if (deviceIds) {
        // Only the caller's devices are replaced: an assignment it cannot see stays.
        const mine = db.select({ id: devices.id }).from(devices).where(deviceScope(db, auth));
        await tx
          .delete(busRouteDevices)
          .where(and(eq(busRouteDevices.routeId, id), inArray(busRouteDevices.deviceId, mine)));
        if (deviceIds.length)
          await tx
            .insert(busRouteDevices)
            .values(deviceIds.map((deviceId) => ({ routeId: id, deviceId })))
            .onConflictDoNothing();
      }
    });
  } catch (e) {
    if (sqlState(e) === '23505') throw badRequest('busRouteNameTaken');
    throw e;
  }
  fencesChanged(ctx);
  return viewOf(db, auth, id);
}

/** busRoutesDel: the route, its assignments and its recorded arrivals. */
export async function deleteBusRoute(ctx: FenceContext, id: number): Promise<void> {
  const { route } = await loadRoute(ctx.db, ctx.auth, id);
  await ctx.db.delete(busRoutes).where(eq(busRoutes.id, route.id));
  fencesChanged(ctx);
}
