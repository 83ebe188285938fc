import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import geojsonvt from 'geojson-vt';
import vtpbf from 'vt-pbf';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { writePmtiles, type ArchiveTile } from './pmtiles-writer';

/**
 * A small street map of the seeded demo city (Beijing, where the demo devices are) in the
 * Protomaps basemap layer schema: `earth`, `water`, `landuse`, `roads` (kind highway,
 * major_road, minor_road) and `places`, as vector tiles at zooms 0-15 in a .pmtiles archive.
 * It stands for a real extract in the tests (docs/maps.md tells how to get one).
 */

/** The seeded devices lie within ±0.12° latitude and ±0.15° longitude of this point. */
export const STREETS_CENTER: [number, number] = [116.4, 39.91];
/** The street grid covers this box, [west, south, east, north]. */
export const STREETS_BOUNDS: [number, number, number, number] = [116.22, 39.76, 116.58, 40.06];
export const STREETS_MAX_ZOOM = 15;
/** Grid spacing of the streets: about 340 m east-west, 330 m north-south. */
const STEP = 0.004;

const feature = (geometry: Geometry, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});
const box = (w: number, s: number, e: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]],
});

/** The streets' kind by their index in the grid: a ring road every 20th, main roads every 5th. */
function roadKind(i: number): { kind: string; kind_detail: string } {
  if (i % 20 === 0) return { kind: 'highway', kind_detail: 'motorway' };
  if (i % 5 === 0) return { kind: 'major_road', kind_detail: 'primary' };
  return { kind: 'minor_road', kind_detail: 'residential' };
}

export function streetLayers(): Record<string, FeatureCollection> {
  const [w, s, e, n] = STREETS_BOUNDS;
  const [cx, cy] = STREETS_CENTER;
  const roads: Feature[] = [];
  const columns = Math.round((e - w) / STEP);
  const rows = Math.round((n - s) / STEP);
  for (let i = 0; i <= columns; i++) {
    const x = w + i * STEP;
    const k = roadKind(i);
    roads.push(feature({ type: 'LineString', coordinates: [[x, s], [x, n]] }, { ...k, name: k.kind === 'minor_road' ? '' : `North Street ${i}` }));
  }
  for (let j = 0; j <= rows; j++) {
    const y = s + j * STEP;
    const k = roadKind(j);
    roads.push(feature({ type: 'LineString', coordinates: [[w, y], [e, y]] }, { ...k, name: k.kind === 'minor_road' ? '' : `East Road ${j}` }));
  }
  // A river across the city; in every 4 × 3 blocks a park and a pond, so any view at zoom 15
  // (about 7 × 4 blocks) shows both; a wood; a neighbourhood name every 8 × 6 blocks.
  const water = [feature(box(w, cy - 0.0135, e, cy - 0.0105), { kind: 'water', name: 'Test River' })];
  const landuse = [feature(box(cx + 0.02, cy - 0.03, cx + 0.05, cy - 0.02), { kind: 'forest' })];
  const neighbourhoods: Feature[] = [];
  const inset = STEP * 0.15;
  const block = (i: number, j: number) => box(w + i * STEP + inset, s + j * STEP + inset, w + (i + 1) * STEP - inset, s + (j + 1) * STEP - inset);
  for (let i = 0; i < columns; i++) {
    for (let j = 0; j < rows; j++) {
      if (i % 4 === 1 && j % 3 === 1) landuse.push(feature(block(i, j), { kind: 'park', name: `Park ${i}-${j}` }));
      if (i % 4 === 3 && j % 3 === 2) water.push(feature(block(i, j), { kind: 'lake', name: `Pond ${i}-${j}` }));
      if (i % 8 === 4 && j % 6 === 3) {
        neighbourhoods.push(feature({ type: 'Point', coordinates: [w + (i + 0.5) * STEP, s + (j + 0.5) * STEP] }, { kind: 'neighbourhood', name: `Quarter ${i}-${j}`, min_zoom: 12 }));
      }
    }
  }
  // Land around the box; outside it the map shows sea, as an extract's edge would.
  const earth = [feature(box(w - 0.3, s - 0.3, e + 0.3, n + 0.3), { kind: 'earth' })];
  const places = [
    feature({ type: 'Point', coordinates: [cx, cy] }, { kind: 'locality', name: 'Test City', min_zoom: 4, population_rank: 15 }),
    ...neighbourhoods,
  ];
  const fc = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
  return { earth: fc(earth), water: fc(water), landuse: fc(landuse), roads: fc(roads), places: fc(places) };
}

/** Tile x/y range covering a box at a zoom. */
function tileRange(z: number, [w, s, e, n]: [number, number, number, number]) {
  const scale = 2 ** z;
  const tx = (lng: number) => Math.min(scale - 1, Math.floor(((lng + 180) / 360) * scale));
  const ty = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.min(scale - 1, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * scale));
  };
  return { x0: tx(w), x1: tx(e), y0: ty(n), y1: ty(s) };
}

/** Encodes every layer into MVT tiles at zooms 0-15 over the box (and the land around it up to zoom 10). */
export function streetTiles(): ArchiveTile[] {
  const layers = streetLayers();
  const indexes = Object.entries(layers).map(([name, data]) => [name, geojsonvt(data, { maxZoom: STREETS_MAX_ZOOM, indexMaxZoom: 5, extent: 4096, buffer: 64 })] as const);
  const tiles: ArchiveTile[] = [];
  const [w, s, e, n] = STREETS_BOUNDS;
  for (let z = 0; z <= STREETS_MAX_ZOOM; z++) {
    // The land around the box only while it is a few tiles; closer in, the streets' box alone.
    const m = z <= 10 ? 0.3 : 0;
    const { x0, x1, y0, y1 } = tileRange(z, [w - m, s - m, e + m, n + m]);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const found: Record<string, unknown> = {};
        for (const [name, index] of indexes) {
          const tile = index.getTile(z, x, y);
          if (tile && tile.features.length) found[name] = tile;
        }
        if (Object.keys(found).length) tiles.push({ z, x, y, data: vtpbf.fromGeojsonVt(found, { version: 2 }) });
      }
    }
  }
  return tiles;
}

export const STREET_LAYER_NAMES = ['earth', 'water', 'landuse', 'roads', 'places'];

/** The archive as bytes (gzip tiles unless told otherwise). */
export function streetArchive(tileCompression: 'gzip' | 'none' = 'gzip'): Buffer {
  return writePmtiles(streetTiles(), {
    minZoom: 0,
    maxZoom: STREETS_MAX_ZOOM,
    bounds: STREETS_BOUNDS,
    center: [STREETS_CENTER[0], STREETS_CENTER[1], 12],
    tileCompression,
    metadata: {
      name: 'FleetGate test streets',
      attribution: '<a href="https://example.com/test">Test streets</a> &copy; FleetGate tests',
      vector_layers: STREET_LAYER_NAMES.map((id) => ({ id, fields: {} })),
    },
  });
}

/** Writes the archive to a file (the e2e server's PMTILES_FILE). */
export function writeStreetArchive(file: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, streetArchive());
  return file;
}
