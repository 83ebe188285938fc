import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Protobuf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { VERSION } from '../../server/routes/probe/facts';
import { streetArchive, STREETS_CENTER } from '../support/pmtiles-streets';
import { startTileServer, testTilePng, type TileServer } from '../support/tile-server';
import { closeDatabase, startHarness, type Harness } from './harness';

/** The tile containing a point (Web Mercator), as the browser's tile layer asks for it. */
function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)];
}
const [CX, CY] = tileAt(STREETS_CENTER[0], STREETS_CENTER[1], 15);

let dir: string;
let tiles: TileServer;
let h: Harness;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleetgate-tiles-'));
  const file = join(dir, 'streets.pmtiles');
  writeFileSync(file, streetArchive());
  // The test tile server has every tile but those of zoom 5.
  tiles = await startTileServer(0, (z) => z === 5);
  const base = loadConfig({});
  h = await startHarness(
    {
      publicUrl: 'https://track.example.com',
      tiles: { osmUrl: tiles.template, pmtilesFile: file, osmCacheBytes: 1024 * 1024 },
    },
    { seed: false },
  );
  expect(base.tiles.osmUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
});
afterAll(async () => {
  await h.close();
  await tiles.close();
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('GET /api/tiles/config', () => {
  it('describes the archive and the OSM proxy, without a login', async () => {
    const r = await get('/api/tiles/config');
    expect(r.statusCode).toBe(200);
    const { vector, raster } = r.json().data;
    expect(vector).toMatchObject({
      tiles: '/api/tiles/vector/{z}/{x}/{y}.pbf',
      minzoom: 0,
      maxzoom: 15,
      layers: ['earth', 'water', 'landuse', 'roads', 'places'],
    });
    expect(vector.bounds).toEqual([116.22, 39.76, 116.58, 40.06]);
    expect(raster).toEqual({ tiles: '/api/tiles/osm/{z}/{x}/{y}.png', maxzoom: 19, attribution: '© OpenStreetMap contributors' });
    // Asked of the tile server (its world tile) before it is offered.
    expect(r.json().data.osm).toBe('ok');
    expect(tiles.requests.some((q) => q.url === '/0/0/0.png')).toBe(true);
  });
});

describe('GET /api/tiles/vector/{z}/{x}/{y}.pbf', () => {
  it('answers a street tile as gzip MVT with caching headers', async () => {
    const r = await get(`/api/tiles/vector/15/${CX}/${CY}.pbf`, { 'accept-encoding': 'gzip, deflate' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect(r.headers.etag).toMatch(/^".+-15-\d+-\d+"$/);
    const tile = new VectorTile(new Protobuf(gunzipSync(r.rawPayload)));
    expect(Object.keys(tile.layers)).toEqual(expect.arrayContaining(['earth', 'roads']));
    const kinds = new Set(Array.from({ length: tile.layers.roads.length }, (_, i) => tile.layers.roads.feature(i).properties.kind));
    expect(kinds.has('minor_road')).toBe(true);
  });

  it('sends plain MVT to a client that takes no gzip, and 304 for a known ETag', async () => {
    const url = `/api/tiles/vector/15/${CX}/${CY}.pbf`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(new VectorTile(new Protobuf(plain.rawPayload)).layers)).toContain('roads');
    const again = await get(url, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 204 where the archive holds no tile', async () => {
    // Inside the zoom range, far from the test city: an empty tile, not an error.
    const r = await get('/api/tiles/vector/15/0/0.pbf');
    expect(r.statusCode).toBe(204);
    expect(r.rawPayload.length).toBe(0);
    // Past the archive's deepest zoom too (the map over-zooms zoom 15 tiles).
    expect((await get(`/api/tiles/vector/16/${CX * 2}/${CY * 2}.pbf`)).statusCode).toBe(204);
  });

  it('refuses x or y outside the zoom, and malformed numbers, with 400 naming the field', async () => {
    const x = await get('/api/tiles/vector/2/4/0.pbf');
    expect(x.statusCode).toBe(400);
    expect(x.json().meta).toMatchObject({ key: 'fieldTooLarge', params: { field: 'x', limit: 3 } });
    const y = await get('/api/tiles/vector/2/0/9.pbf');
    expect(y.json().meta.params).toMatchObject({ field: 'y', limit: 3 });
    for (const bad of ['/api/tiles/vector/23/0/0.pbf', '/api/tiles/vector/-1/0/0.pbf', '/api/tiles/vector/a/0/0.pbf', '/api/tiles/vector/1/0/0.5.pbf']) {
      expect((await get(bad)).statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/tiles/osm/{z}/{x}/{y}.png', () => {
  it('fetches the tile upstream with a User-Agent naming FleetGate, then serves it from memory', async () => {
    tiles.requests.length = 0;
    const r = await get('/api/tiles/osm/3/6/3.png');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect(r.headers.etag).toBeTruthy();
    expect(r.rawPayload.equals(testTilePng())).toBe(true);
    expect(tiles.requests).toHaveLength(1);
    expect(tiles.requests[0].url).toBe('/3/6/3.png');
    expect(tiles.requests[0].headers['user-agent']).toBe(`FleetGate/${VERSION} (+https://track.example.com)`);
    // Ten more asks, at once and later: still one upstream request.
    const more = await Promise.all(Array.from({ length: 10 }, () => get('/api/tiles/osm/3/6/3.png')));
    expect(more.every((m) => m.statusCode === 200)).toBe(true);
    expect(tiles.requests).toHaveLength(1);
    expect((await get('/api/tiles/osm/3/6/3.png', { 'if-none-match': String(r.headers.etag) })).statusCode).toBe(304);
  });

  it('passes on a tile the upstream server does not have as 404', async () => {
    const r = await get('/api/tiles/osm/5/1/1.png');
    expect(r.statusCode).toBe(404);
    expect(r.json().meta.key).toBe('notFound');
  });

  it("refuses zooms past OSM's deepest (19) without asking upstream", async () => {
    tiles.requests.length = 0;
    const r = await get('/api/tiles/osm/20/0/0.png');
    expect(r.statusCode).toBe(400);
    expect(r.json().meta.params).toMatchObject({ field: 'z', limit: 19 });
    expect(tiles.requests).toHaveLength(0);
  });

  it('refuses bad addresses before asking upstream', async () => {
    tiles.requests.length = 0;
    expect((await get('/api/tiles/osm/1/2/0.png')).statusCode).toBe(400);
    expect((await get('/api/tiles/osm/1/0/x.png')).statusCode).toBe(400);
    expect(tiles.requests).toHaveLength(0);
  });
});

describe('without the settings', () => {
  it('offers no street basemap and answers 404, and 502 quickly when the tile server is down', async () => {
    const off = await startHarness({ tiles: { osmUrl: null, pmtilesFile: null, osmCacheBytes: 1024 } }, { seed: false });
    try {
      expect((await off.app.inject({ url: '/api/tiles/config' })).json().data).toEqual({ vector: null, raster: null, osm: 'off' });
      expect((await off.app.inject({ url: '/api/tiles/vector/0/0/0.pbf' })).statusCode).toBe(404);
      expect((await off.app.inject({ url: '/api/tiles/osm/0/0/0.png' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    // Nothing listens on the port of a closed test tile server.
    const gone = await startTileServer();
    await gone.close();
    const down = await startHarness({ tiles: { osmUrl: gone.template, pmtilesFile: null, osmCacheBytes: 1024 } }, { seed: false });
    try {
      // The offer says so with a 200, so a page load needs no failing tile to learn it (issue 32).
      const config = await down.app.inject({ url: '/api/tiles/config' });
      expect(config.statusCode).toBe(200);
      expect(config.json().data).toEqual({ vector: null, raster: null, osm: 'unreachable' });
      const first = await down.app.inject({ url: '/api/tiles/osm/1/0/0.png' });
      expect(first.statusCode).toBe(502);
      expect(first.json().meta.key).toBe('network');
      // Remembered for a while: the next tiles fail at once instead of each trying again.
      const started = performance.now();
      expect((await down.app.inject({ url: '/api/tiles/osm/1/1/0.png' })).statusCode).toBe(502);
      expect(performance.now() - started).toBeLessThan(200);
    } finally {
      await down.close();
    }
  });
});
