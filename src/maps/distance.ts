import { EARTH_RADIUS_M } from '../domain/constants';
import type { DistanceUnit } from './types';

const RAD = Math.PI / 180;
const METRES_PER_FOOT = 0.3048;
const METRES_PER_MILE = 1609.344;

/** Great-circle distance in metres between two WGS-84 points (haversine, spec section 9 radius). */
export function distanceMeters(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLng = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length in metres of a polyline of WGS-84 points. */
export function pathMeters(points: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceMeters(points[i - 1], points[i]);
  return total;
}

/**
 * Distance text of the measure tool. Metric: under 1000 m in whole metres, else km with two
 * decimals. US: under 0.1 mi in whole feet, else miles with two decimals.
 */
export function formatDistance(meters: number, unit: DistanceUnit): string {
  if (unit === 'us') {
    const miles = meters / METRES_PER_MILE;
    if (miles < 0.1) return `${Math.round(meters / METRES_PER_FOOT)} ft`;
    return `${miles.toFixed(2)} mi`;
  }
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toFixed(2)} km`;
}

/** A point `meters` away from `center` on `bearing` degrees (for drawing circle fences). */
export function destination(center: readonly [number, number], meters: number, bearing: number): [number, number] {
  const d = meters / EARTH_RADIUS_M;
  const brg = bearing * RAD;
  const lat1 = center[1] * RAD;
  const lng1 = center[0] * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(brg));
  const lng2 = lng1 + Math.atan2(Math.sin(brg) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [lng2 / RAD, lat2 / RAD];
}

/** A closed ring approximating a circle fence, `steps` segments. */
export function circleRing(center: readonly [number, number], meters: number, steps = 64): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) ring.push(destination(center, meters, (360 * i) / steps));
  ring.push(ring[0]);
  return ring;
}
