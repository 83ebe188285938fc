/**
 * Editing a bus route's ordered stops on the screen, and the route's request body. Pure: the
 * editor keeps the stops as an array and every change goes through these.
 */
import { BUS_STOP_RADIUS_MAX, BUS_STOP_RADIUS_MIN } from '../constants';
import { busRouteProblem, type BusRouteProblem, type BusStopInput } from './bus';

/** A new stop's radius (metres): a bus bay and its approach, inside the server's 10..5,000 m. */
export const STOP_RADIUS_DEFAULT = 50;

type LngLat = readonly [number, number];

/** A stop appended at a clicked point, named by `nameOf(its 1-based number)` until renamed. */
export function addStop(stops: readonly BusStopInput[], at: LngLat, nameOf: (n: number) => string): BusStopInput[] {
  return [...stops, { name: nameOf(stops.length + 1), lon: at[0], lat: at[1], radius: STOP_RADIUS_DEFAULT }];
}

/** The stop `i` with some fields replaced (a drag moves it, the list renames it). */
export function updateStop(stops: readonly BusStopInput[], i: number, patch: Partial<BusStopInput>): BusStopInput[] {
  return stops.map((s, j) => (j === i ? { ...s, ...patch } : s));
}

export function removeStop(stops: readonly BusStopInput[], i: number): BusStopInput[] {
  return stops.filter((_, j) => j !== i);
}

/** Moves stop `i` one place earlier (-1) or later (+1) in the route's order; unchanged at an end. */
export function moveStop(stops: readonly BusStopInput[], i: number, by: -1 | 1): BusStopInput[] {
  const j = i + by;
  if (i < 0 || i >= stops.length || j < 0 || j >= stops.length) return [...stops];
  const out = [...stops];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** A radius typed in the list, kept inside the server's range and whole. */
export function clampStopRadius(r: number | null | undefined): number {
  if (r == null || !Number.isFinite(r)) return STOP_RADIUS_DEFAULT;
  return Math.min(BUS_STOP_RADIUS_MAX, Math.max(BUS_STOP_RADIUS_MIN, Math.round(r)));
}

export interface BusRouteBody {
  id?: number;
  name: string;
  line: [number, number][];
  stops: BusStopInput[];
  terminalIDs: string[];
}

export type BusRouteFormProblem = BusRouteProblem | 'busStopNameRequired';

/** What stops saving the route, as a key of the errors namespace (the server's checks first). */
export function routeFormProblem(line: readonly LngLat[] | null, stops: readonly BusStopInput[]): BusRouteFormProblem | null {
  const p = busRouteProblem(line ?? [], stops);
  if (p) return p;
  return stops.every((s) => s.name.trim() !== '') ? null : 'busStopNameRequired';
}

/** The add (no id) or edit request: names trimmed, radii whole. */
export function routeBody(
  name: string,
  line: readonly LngLat[],
  stops: readonly BusStopInput[],
  terminalIDs: readonly string[],
  id?: number,
): BusRouteBody {
  return {
    ...(id ? { id } : {}),
    name: name.trim(),
    line: line.map(([a, b]) => [a, b]),
    stops: stops.map((s) => ({ name: s.name.trim(), lon: s.lon, lat: s.lat, radius: clampStopRadius(s.radius) })),
    terminalIDs: [...terminalIDs],
  };
}
