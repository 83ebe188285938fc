/** Distances on the sphere of the spec's radius (section 9: 6370996.81 m). */
import { EARTH_RADIUS_M } from '../constants';

const RAD = Math.PI / 180;

/** Great-circle distance in metres between two WGS-84 points (haversine). */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Planar coordinates in metres around `lat0` (equirectangular): exact enough for the few
 * kilometres a simplification compares, and far cheaper than haversine per point.
 */
export function projector(lat0: number) {
  const kx = Math.cos(lat0 * RAD) * EARTH_RADIUS_M * RAD;
  const ky = EARTH_RADIUS_M * RAD;
  return { x: (lon: number) => lon * kx, y: (lat: number) => lat * ky };
}

/** The point `metres` from (lat, lon) on `bearing` degrees (great circle). */
export function destinationPoint(lat: number, lon: number, bearing: number, metres: number) {
  const d = metres / EARTH_RADIUS_M;
  const brg = bearing * RAD;
  const lat1 = lat * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(brg));
  const lon2 =
    lon * RAD +
    Math.atan2(Math.sin(brg) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / RAD, lon: lon2 / RAD };
}
