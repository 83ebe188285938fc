/**
 * Bus routes (issue 12): a polyline drawn on the map with its ordered stops, each a circle a
 * bus is at when within the stop's radius. Pure: the checks the server and the screens share.
 */
import {
  BUS_STOP_RADIUS_MAX,
  BUS_STOP_RADIUS_MIN,
  BUS_STOPS_MAX,
  BUS_STOPS_MIN,
  FENCE_MAX_POINTS,
} from '../constants';
import type { LonLat } from '../fence/shape';

export interface BusStopInput {
  name: string;
  lon: number;
  lat: number;
  /** Metres. */
  radius: number;
}

export type BusRouteProblem =
  | 'busLineTooFewPoints'
  | 'busLineTooManyPoints'
  | 'fenceCoordinateRange'
  | 'busTooFewStops'
  | 'busTooManyStops'
  | 'busStopRadiusRange';

const onEarth = (lon: number, lat: number) =>
  Number.isFinite(lon) && Number.isFinite(lat) && lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;

/** Null when the route can be stored; otherwise the first problem found. */
export function busRouteProblem(
  line: readonly LonLat[],
  stops: readonly BusStopInput[],
): BusRouteProblem | null {
  if (line.length < 2) return 'busLineTooFewPoints';
  if (line.length > FENCE_MAX_POINTS) return 'busLineTooManyPoints';
  if (!line.every(([lon, lat]) => onEarth(lon, lat))) return 'fenceCoordinateRange';
  if (stops.length < BUS_STOPS_MIN) return 'busTooFewStops';
  if (stops.length > BUS_STOPS_MAX) return 'busTooManyStops';
  if (!stops.every((s) => onEarth(s.lon, s.lat))) return 'fenceCoordinateRange';
  if (!stops.every((s) => s.radius >= BUS_STOP_RADIUS_MIN && s.radius <= BUS_STOP_RADIUS_MAX))
    return 'busStopRadiusRange';
  return null;
}
