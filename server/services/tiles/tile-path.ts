import { tileUrl } from '../../../src/maps/basemap/tiles';

/** Deepest zoom the tile routes take; OSM's own servers stop at 19, vector archives earlier. */
export const TILE_ZOOM_MAX = 22;
/** Largest x or y at TILE_ZOOM_MAX, the bound the route schemas declare. */
export const TILE_INDEX_MAX = 2 ** TILE_ZOOM_MAX - 1;

/**
 * Why a tile address is not one (x or y past the 2^z tiles of its zoom), or null. The schema
 * bounds each number alone; this checks them together.
 */
export function tileProblem(z: number, x: number, y: number): { field: 'x' | 'y'; limit: number } | null {
  const last = 2 ** z - 1;
  if (x > last) return { field: 'x', limit: last };
  if (y > last) return { field: 'y', limit: last };
  return null;
}

/** The upstream URL of a tile: {z} {x} {y} {-y} {quadkey} as the browser's tile layers fill them. */
export const upstreamUrl = (template: string, z: number, x: number, y: number) => tileUrl(template, x, y, z);

/**
 * The User-Agent of upstream tile requests. OSM's tile policy wants one that names the
 * application and a way to reach its operator; browsers cannot set it on image requests,
 * which is why the server fetches the tiles. The contact is the installation's PUBLIC_URL (the
 * project has no public home page to name instead), so each operator is told apart.
 */
export function tileUserAgent(version: string, contact: string | null): string {
  return contact ? `FleetGate/${version} (+${contact})` : `FleetGate/${version}`;
}
