import gcoord, { type CRSTypes } from 'gcoord';
import type { MapProvider, MapVariant } from './types';

/**
 * Coordinate systems of the base maps. Devices report WGS-84; Chinese maps are drawn in
 * shifted systems, so a WGS-84 point drawn unconverted lands a few hundred metres off.
 * - GaoDe: GCJ-02 everywhere in China.
 * - Baidu: BD-09.
 * - Google: its road map of mainland China is drawn in GCJ-02 (gcoord leaves points outside
 *   China unchanged), but its satellite imagery is true WGS-84.
 * - Yandex: tiles are in elliptical Mercator (EPSG:3395) while the L7 map is spherical
 *   (EPSG:3857); at Beijing's latitude the two differ by about 21 km north-south, so latitudes
 *   are mapped onto the spherical projection's equivalent.
 * - Offline outlines, Bing and self-hosted XYZ tiles: WGS-84 / EPSG:3857 as is.
 */
export type MapCrs = 'WGS84' | 'GCJ02' | 'BD09' | 'EPSG3395';

export function mapCrs(provider: MapProvider, variant: MapVariant = 'normal'): MapCrs {
  switch (provider) {
    case 'gaode':
      return 'GCJ02';
    case 'baidu':
      return 'BD09';
    case 'google':
      return variant === 'satellite' ? 'WGS84' : 'GCJ02';
    case 'yandex':
      return 'EPSG3395';
    default:
      return 'WGS84';
  }
}

// WGS-84 first eccentricity.
const E = 0.0818191908426215;
const RAD = Math.PI / 180;

/** Latitude whose spherical Mercator y equals the elliptical Mercator y of `lat`. */
function ellipticalToSphericalLat(lat: number): number {
  const phi = lat * RAD;
  const s = E * Math.sin(phi);
  const y = Math.log(Math.tan(Math.PI / 4 + phi / 2)) + (E / 2) * Math.log((1 - s) / (1 + s));
  return (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / RAD;
}

/** Inverse of ellipticalToSphericalLat, by fixed-point iteration (converges in a few steps). */
function sphericalToEllipticalLat(lat: number): number {
  const y = Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));
  let phi = lat * RAD;
  for (let i = 0; i < 10; i++) {
    const s = E * Math.sin(phi);
    const next = 2 * Math.atan(Math.exp(y) * Math.pow((1 + s) / (1 - s), E / 2)) - Math.PI / 2;
    if (Math.abs(next - phi) < 1e-12) return next / RAD;
    phi = next;
  }
  return phi / RAD;
}

const GCOORD: Record<'GCJ02' | 'BD09', CRSTypes> = { GCJ02: gcoord.GCJ02, BD09: gcoord.BD09 };

/** WGS-84 → the coordinates the provider's map is drawn in. */
export function toMapCoords(provider: MapProvider, lng: number, lat: number, variant: MapVariant = 'normal'): [number, number] {
  const crs = mapCrs(provider, variant);
  if (crs === 'WGS84') return [lng, lat];
  if (crs === 'EPSG3395') return [lng, ellipticalToSphericalLat(lat)];
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, GCOORD[crs]);
  return [x, y];
}

/** The provider's map coordinates (a click, a measured point) → WGS-84. */
export function fromMapCoords(provider: MapProvider, lng: number, lat: number, variant: MapVariant = 'normal'): [number, number] {
  const crs = mapCrs(provider, variant);
  if (crs === 'WGS84') return [lng, lat];
  if (crs === 'EPSG3395') return [lng, sphericalToEllipticalLat(lat)];
  const [x, y] = gcoord.transform([lng, lat], GCOORD[crs], gcoord.WGS84);
  return [x, y];
}
