import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { RasterTileProxy } from '../../server/services/tiles/raster-proxy';
import { tileProblem, tileUserAgent, upstreamUrl } from '../../server/services/tiles/tile-path';
import { attributionText, chooseStreets, type TilesConfig } from '../../src/maps/basemap/streets';
import { encodeDirectory } from '../support/pmtiles-writer';

describe('tile addresses', () => {
  it('accepts x and y below 2^z and names the field past it', () => {
    expect(tileProblem(0, 0, 0)).toBeNull();
    expect(tileProblem(15, 32767, 32767)).toBeNull();
    expect(tileProblem(15, 32768, 0)).toEqual({ field: 'x', limit: 32767 });
    expect(tileProblem(3, 0, 8)).toEqual({ field: 'y', limit: 7 });
  });

  it('fills upstream templates, flipped y included', () => {
    expect(upstreamUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', 15, 26978, 12416)).toBe('https://tile.openstreetmap.org/15/26978/12416.png');
    expect(upstreamUrl('http://t/{z}/{x}/{-y}.png', 2, 1, 0)).toBe('http://t/2/1/3.png');
  });

  it('names FleetGate, its version and the operator in the User-Agent', () => {
    expect(tileUserAgent('1.2.3', 'https://track.example.com')).toBe('FleetGate/1.2.3 (+https://track.example.com)');
    expect(tileUserAgent('1.2.3', null)).toBe('FleetGate/1.2.3');
  });
});

describe('tile settings', () => {
  it('defaults to OpenStreetMap, can be turned off, and resolves the archive path', () => {
    expect(loadConfig({}).tiles).toMatchObject({ osmUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', pmtilesFile: null, osmCacheBytes: 64 * 1024 * 1024 });
    expect(loadConfig({ OSM_TILE_URL: 'off' }).tiles.osmUrl).toBeNull();
    expect(loadConfig({ OSM_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).tiles.osmUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(loadConfig({ PMTILES_FILE: 'maps/region.pmtiles' }).tiles.pmtilesFile).toMatch(/^\/.*\/maps\/region\.pmtiles$/);
    expect(loadConfig({ OSM_TILE_CACHE_MB: '8' }).tiles.osmCacheBytes).toBe(8 * 1024 * 1024);
  });
});

describe('street basemap choice', () => {
  const vector = { tiles: '/v', minzoom: 0, maxzoom: 15, bounds: [], center: [], layers: [], attribution: null };
  const raster = { tiles: '/r', maxzoom: 19, attribution: '© OpenStreetMap contributors' };
  const config = (c: Partial<TilesConfig>): TilesConfig => ({ vector: null, raster: null, ...c });

  it('prefers the self-hosted vector tiles, then OSM, then the outlines', () => {
    expect(chooseStreets(config({ vector, raster }))).toEqual({ kind: 'vector', info: vector });
    expect(chooseStreets(config({ raster }))).toEqual({ kind: 'osm', info: raster });
    expect(chooseStreets(config({}))).toEqual({ kind: 'outlines' });
    expect(chooseStreets(null)).toEqual({ kind: 'outlines' });
  });

  it("follows the page's decision where the server offers it", () => {
    expect(chooseStreets(config({ vector, raster }), 'osm')).toEqual({ kind: 'osm', info: raster });
    expect(chooseStreets(config({ vector, raster }), 'outlines')).toEqual({ kind: 'outlines' });
    expect(chooseStreets(config({ raster }), 'vector')).toEqual({ kind: 'outlines' });
    expect(chooseStreets(config({ vector }), 'osm')).toEqual({ kind: 'vector', info: vector });
  });

  it('shows archive attributions as plain text', () => {
    expect(attributionText('<a href="https://github.com/protomaps/basemaps">Protomaps</a> &copy; <a href="https://openstreetmap.org">OpenStreetMap</a>')).toBe(
      'Protomaps © OpenStreetMap',
    );
    expect(attributionText(null)).toBe('');
  });
});

describe('PMTiles directory encoding (tests/support)', () => {
  it('writes count, id deltas, run lengths, lengths and offsets as the v3 spec lays them out', () => {
    const entries = [
      { tileId: 1, offset: 0, length: 10, runLength: 1 },
      { tileId: 2, offset: 10, length: 5, runLength: 1 },
      { tileId: 300, offset: 0, length: 10, runLength: 1 },
    ];
    // 3 | 1, 1, 298 (varint aa 02) | 1, 1, 1 | 10, 5, 10 | 0 + 1, contiguous 0, 0 + 1
    expect([...encodeDirectory(entries)]).toEqual([3, 1, 1, 0xaa, 0x02, 1, 1, 1, 10, 5, 10, 1, 0, 1]);
  });
});

describe('OSM tile proxy', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const okAnswer = () => new Response(png, { status: 200, headers: { 'content-type': 'image/png' } });

  it('caps simultaneous upstream requests at two and asks once per tile', async () => {
    let running = 0;
    let most = 0;
    const calls: string[] = [];
    const fetch = (async (url: string) => {
      calls.push(url);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return okAnswer();
    }) as unknown as typeof globalThis.fetch;
    const proxy = new RasterTileProxy({ template: 'http://t/{z}/{x}/{y}.png', userAgent: 'ua', cacheBytes: 1_000, fetch });
    const answers = await Promise.all([...[0, 1, 2, 3, 4, 5].map((x) => proxy.tile(3, x, 0)), proxy.tile(3, 0, 0)]);
    expect(answers.every((a) => a.kind === 'tile')).toBe(true);
    expect(most).toBe(2);
    expect(calls).toHaveLength(6);
    await proxy.tile(3, 0, 0);
    expect(calls).toHaveLength(6);
  });

  it('forgets the oldest tiles past its byte budget', async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      return okAnswer();
    }) as unknown as typeof globalThis.fetch;
    // Room for two 4-byte tiles.
    const proxy = new RasterTileProxy({ template: 'http://t/{z}/{x}/{y}.png', userAgent: 'ua', cacheBytes: 8, fetch });
    await proxy.tile(1, 0, 0);
    await proxy.tile(1, 1, 0);
    await proxy.tile(1, 0, 1);
    expect(calls).toBe(3);
    await proxy.tile(1, 0, 1);
    expect(calls).toBe(3);
    await proxy.tile(1, 0, 0);
    expect(calls).toBe(4);
  });

  it('tells a missing tile from an unreachable server, and stops asking a while after a network failure', async () => {
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      let fail = true;
      let calls = 0;
      const fetch = (async () => {
        calls++;
        if (fail) throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
        return new Response('no', { status: 404 });
      }) as unknown as typeof globalThis.fetch;
      const proxy = new RasterTileProxy({ template: 'http://t/{z}/{x}/{y}.png', userAgent: 'ua', cacheBytes: 100, fetch, downMs: 30_000 });
      expect(await proxy.tile(1, 0, 0)).toEqual({ kind: 'unreachable', reason: 'ENOTFOUND' });
      expect(await proxy.tile(1, 1, 0)).toEqual({ kind: 'unreachable', reason: 'tile server unreachable' });
      expect(calls).toBe(1);
      fail = false;
      now += 30_001;
      expect(await proxy.tile(1, 1, 0)).toEqual({ kind: 'missing' });
      expect(calls).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('tells its health from the world tile, and a recent network failure at once however much is cached', async () => {
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      let fail = false;
      const calls: string[] = [];
      const fetch = (async (url: string) => {
        calls.push(url);
        if (fail) throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
        return okAnswer();
      }) as unknown as typeof globalThis.fetch;
      const proxy = new RasterTileProxy({ template: 'http://t/{z}/{x}/{y}.png', userAgent: 'ua', cacheBytes: 100, fetch, downMs: 30_000 });
      expect(await proxy.health()).toEqual({ ok: true });
      expect(calls).toEqual(['http://t/0/0/0.png']);
      // The world tile is cached: a second check costs nothing upstream.
      expect(await proxy.health()).toEqual({ ok: true });
      expect(calls).toHaveLength(1);
      fail = true;
      expect(await proxy.tile(2, 1, 1)).toMatchObject({ kind: 'unreachable' });
      expect(await proxy.health()).toEqual({ ok: false, reason: 'ECONNREFUSED' });
      now += 30_001;
      fail = false;
      expect(await proxy.health()).toEqual({ ok: true });
    } finally {
      Date.now = realNow;
    }
  });

  it('refuses an answer that is not an image', async () => {
    const fetch = (async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } })) as unknown as typeof globalThis.fetch;
    const proxy = new RasterTileProxy({ template: 'http://t/{z}/{x}/{y}.png', userAgent: 'ua', cacheBytes: 100, fetch });
    expect(await proxy.tile(0, 0, 0)).toMatchObject({ kind: 'unreachable' });
  });
});
