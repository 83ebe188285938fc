import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/**
 * Outlines of the offline basemap, from npm packages (no tile server): world countries from
 * Natural Earth via `world-atlas` (TopoJSON, 1:110m: the 1:50m file has ten times the
 * vertices and cost seconds of main-thread work to build) and Chinese provinces from `china-geojson`
 * (plain GeoJSON, each province with a `cp` label point). Both are dynamic imports, so they are
 * separate chunks fetched from our own server only when an offline map is shown.
 */
export interface Outlines {
  /** Land without inner borders: fewer and simpler polygons to fill than the countries. */
  land: FeatureCollection;
  countries: FeatureCollection;
  provinces: FeatureCollection;
  /** Label points: `{ name, lng, lat, kind }`. */
  names: PlaceName[];
}

export interface PlaceName {
  name: string;
  lng: number;
  lat: number;
  kind: 'country' | 'province';
}

let cached: Promise<Outlines> | null = null;

export function loadOutlines(): Promise<Outlines> {
  cached ??= (async () => {
    const [{ feature }, world, china] = await Promise.all([
      import('topojson-client'),
      import('world-atlas/countries-110m.json'),
      import('china-geojson/src/geojson/china.json'),
    ]);
    type Topo = Parameters<typeof feature>[0];
    type Obj = Parameters<typeof feature>[1];
    // countries-110m holds both objects: `countries` and `land` (the merged outline).
    const topo = (world.default ?? world) as unknown as Topo & { objects: { countries: Obj; land: Obj } };
    const asCollection = (o: Obj): FeatureCollection => {
      const f = feature(topo, o) as unknown as FeatureCollection | Feature;
      return f.type === 'FeatureCollection' ? f : { type: 'FeatureCollection', features: [f] };
    };
    const countries = splitAtAntimeridian(asCollection(topo.objects.countries));
    const land = splitAtAntimeridian(asCollection(topo.objects.land));
    const provinces = (china.default ?? china) as unknown as FeatureCollection;
    return { land, countries, provinces, names: placeNames(countries, provinces) };
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/**
 * Rings that cross the 180° meridian (Russia, Fiji) jump from +180 to -180 in the outline data;
 * drawn as is on a flat map, each jump is a stripe across the whole world, and "unwrapping" the
 * ring past 180 leaves a zero-width slit that breaks the fill triangulation. So such a ring is
 * cut at the jumps and the pieces on each side of the meridian become rings of their own.
 */
export function splitRingAtAntimeridian(ring: Position[]): Position[][] {
  const jumps: number[] = [];
  for (let i = 1; i < ring.length; i++) if (Math.abs(ring[i][0] - ring[i - 1][0]) > 180) jumps.push(i);
  // No crossing, or only the closing edge of a ring that goes all the way round (Antarctica).
  if (jumps.length < 2) return [ring];
  // Start right after a jump, so every piece is one run on one side.
  const open = ring.slice(0, -1);
  const start = jumps[0];
  const rotated = [...open.slice(start), ...open.slice(0, start), open[start]];
  const east: Position[] = [];
  const west: Position[] = [];
  let piece: Position[] = [rotated[0]];
  const flush = () => {
    const side = piece.reduce((sum, p) => sum + p[0], 0) / piece.length >= 0 ? east : west;
    side.push(...piece);
  };
  for (let i = 1; i < rotated.length; i++) {
    if (Math.abs(rotated[i][0] - rotated[i - 1][0]) > 180) {
      flush();
      piece = [];
    }
    piece.push(rotated[i]);
  }
  flush();
  return [east, west].filter((r) => r.length >= 3).map((r) => [...r, r[0]]);
}

export function splitAtAntimeridian(collection: FeatureCollection): FeatureCollection {
  for (const f of collection.features) {
    const g = f.geometry;
    if (g?.type !== 'Polygon' && g?.type !== 'MultiPolygon') continue;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    const out: Position[][][] = [];
    for (const [outer, ...holes] of polygons) {
      const parts = splitRingAtAntimeridian(outer);
      if (parts.length === 1) out.push([outer, ...holes]);
      else out.push(...parts.map((p) => [p]));
    }
    f.geometry = { type: 'MultiPolygon', coordinates: out };
  }
  return collection;
}

/** Names drawn on the map: provinces at their own label point, countries at the middle of their largest part. */
export function placeNames(countries: FeatureCollection, provinces: FeatureCollection): PlaceName[] {
  const names: PlaceName[] = [];
  for (const f of provinces.features) {
    const name = f.properties?.name as string | undefined;
    const cp = f.properties?.cp as [number, number] | undefined;
    const at = cp ?? labelPoint(f.geometry);
    if (name && at) names.push({ name, lng: at[0], lat: at[1], kind: 'province' });
  }
  for (const f of countries.features as Feature<Geometry>[]) {
    const name = f.properties?.name as string | undefined;
    // China's provinces carry the detail; its country name would sit on top of them.
    if (!name || name === 'China') continue;
    const at = labelPoint(f.geometry);
    if (at) names.push({ name, lng: at[0], lat: at[1], kind: 'country' });
  }
  return names;
}

/** Centre of the bounding box of the largest outer ring (good enough for a label). */
export function labelPoint(geometry: Geometry | null | undefined): [number, number] | null {
  if (!geometry) return null;
  const rings: Position[][] =
    geometry.type === 'Polygon'
      ? [geometry.coordinates[0]]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates.map((p) => p[0])
        : [];
  let best: [number, number] | null = null;
  let bestArea = -1;
  for (const ring of rings) {
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const area = (maxX - minX) * (maxY - minY);
    if (area > bestArea) {
      bestArea = area;
      best = [(minX + maxX) / 2, (minY + maxY) / 2];
    }
  }
  return best;
}
