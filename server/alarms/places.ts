import { and, eq, ne } from 'drizzle-orm';
import type { AreaPurpose } from '../../src/domain/fence/purpose';
import type { FenceShape } from '../../src/domain/fence/shape';
import type { Db } from '../db/client';
import { busRouteDevices, busRoutes } from '../db/schema/bus-routes';
import { fences } from '../db/schema/fences';

/**
 * What the alarm engine reads besides fences and allocations (issue 12): risk points and
 * check-car areas and points (rows of `fences` with another purpose; they apply to the devices
 * of their owner's subtree, no allocation rows), and the stops of bus routes with the vehicles
 * assigned to them. The shapes go into the engine's one spatial index (fence-index.ts).
 */
export type PlacePurpose = Exclude<AreaPurpose, 'fence'>;

export interface AreaInfo {
  id: number;
  purpose: PlacePurpose;
  ownerId: number;
}

export interface StopRef {
  routeId: number;
  stopIndex: number;
}

/** Owner and purpose of each enabled area that is not a fence, by fence id. */
export async function loadAreaOwners(db: Db): Promise<Map<number, AreaInfo>> {
  const rows = await db
    .select({ id: fences.id, purpose: fences.purpose, ownerId: fences.userId })
    .from(fences)
    .where(and(eq(fences.state, 1), ne(fences.purpose, 'fence')));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, purpose: r.purpose as PlacePurpose, ownerId: r.ownerId }]),
  );
}

const onEarth = (lon: number, lat: number) =>
  Number.isFinite(lon) && Number.isFinite(lat) && lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;

/** Every stop of every route as a circle, and the routes of each assigned vehicle. */
export async function loadStops(
  db: Db,
): Promise<{ stops: { ref: StopRef; shape: FenceShape }[]; routesByDevice: Map<number, Set<number>> }> {
  const routes = await db.select({ id: busRoutes.id, stops: busRoutes.stops }).from(busRoutes);
  const stops: { ref: StopRef; shape: FenceShape }[] = [];
  for (const r of routes)
    (r.stops ?? []).forEach((s, stopIndex) => {
      // The API checks stops (src/domain/area/bus.ts); a row that is not valid is left out.
      if (s && onEarth(s.lon, s.lat) && s.radius > 0)
        stops.push({
          ref: { routeId: r.id, stopIndex },
          shape: { type: 'circle', center: [s.lon, s.lat], radius: s.radius },
        });
    });
  const assigned = await db.select().from(busRouteDevices);
  const routesByDevice = new Map<number, Set<number>>();
  for (const a of assigned) {
    const set = routesByDevice.get(a.deviceId) ?? new Set<number>();
    set.add(a.routeId);
    routesByDevice.set(a.deviceId, set);
  }
  return { stops, routesByDevice };
}
