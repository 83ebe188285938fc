/** Between bus routes and the map (all WGS-84). Pure. */
import type { BusStopInput } from '../../domain/area/bus';
import type { LngLat } from '../../maps/draw/geometry';
import type { MapFence } from '../../maps/types';

/**
 * Each stop as a circle of its radius for the map's fence layer, labelled with its number in
 * the route's order. Ids are negative and offset by route so they never meet a real fence's.
 */
export function stopCircles(stops: readonly BusStopInput[], routeIndex = 0): MapFence[] {
  return stops.map((s, i) => ({
    id: -(routeIndex * 1000 + i + 1),
    name: `${i + 1}. ${s.name}`,
    type: 'circle',
    center: [s.lon, s.lat],
    radius: s.radius,
  }));
}

/** What the view fits to: the line and the stops. */
export function routePoints(line: readonly LngLat[] | null, stops: readonly BusStopInput[]): LngLat[] {
  return [...(line ?? []).map(([a, b]): LngLat => [a, b]), ...stops.map((s): LngLat => [s.lon, s.lat])];
}
