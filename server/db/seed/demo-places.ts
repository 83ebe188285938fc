import type { Db } from '../client';
import { busRouteDevices, busRoutes } from '../schema/bus-routes';
import { fences } from '../schema/fences';
import { simulatedOrder } from '../../sim/fleet';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

/** About 0.009° of latitude per kilometre. */
const KM_LAT = 0.009;

/** A square of `km` a side round a point, as [lon, lat] corners. */
function square(lat: number, lon: number, km: number): [number, number][] {
  const dLat = (km / 2) * KM_LAT;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  return [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
  ];
}

/**
 * A risk point, a check-car area and point, and a bus route for agent and demo, each at the
 * start of a simulated vehicle (after those the depots take): on a fresh `npm start` the
 * vehicle is inside at its first fix, so a risk-point alarm, visits and a stop arrival appear
 * within the first minute, and departures as the vehicles drive off.
 */
export async function seedDemoPlaces(db: Db, fleet: readonly NewDeviceRow[], now: Date) {
  const simulated = simulatedOrder(fleet).map(({ d }) => d);
  for (const [owner, skip] of [
    [U.agent, 4],
    [U.demo, 3],
  ] as const) {
    const [risk, point, area, bus] = simulated.filter((d) => d.userId === owner).slice(skip, skip + 4);
    if (!bus) continue;
    await db.insert(fences).values([
      {
        name: '学校路口',
        userId: owner,
        purpose: 'risk',
        type: 'circle',
        centerLat: risk.lat,
        centerLon: risk.lon,
        radius: 300,
        createdAt: now,
      },
      {
        name: '检测站',
        userId: owner,
        purpose: 'checkPoint',
        type: 'circle',
        centerLat: point.lat,
        centerLon: point.lon,
        radius: 300,
        createdAt: now,
      },
      {
        name: '客户货场',
        userId: owner,
        purpose: 'checkArea',
        type: 'polygon',
        points: square(area.lat!, area.lon!, 0.6),
        createdAt: now,
      },
    ]);
    // A line east from the bus's start, a stop every kilometre.
    const dLon = KM_LAT / Math.cos((bus.lat! * Math.PI) / 180);
    const line: [number, number][] = [0, 1, 2, 3].map((k) => [bus.lon! + k * dLon, bus.lat!]);
    const [route] = await db
      .insert(busRoutes)
      .values({
        name: '通勤班车 1 路',
        userId: owner,
        line,
        stops: line.map(([lon, lat], k) => ({ name: `第 ${k + 1} 站`, lon, lat, radius: 150 })),
        createdAt: now,
      })
      .returning({ id: busRoutes.id });
    await db.insert(busRouteDevices).values({ routeId: route.id, deviceId: bus.id! });
  }
}
