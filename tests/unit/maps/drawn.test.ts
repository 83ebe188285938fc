import { describe, expect, it } from 'vitest';
import type { TilesConfig } from '../../../src/maps/basemap/streets';
import { choiceLabelKey, decideDrawn, satelliteOffer, type DrawnInput } from '../../../src/maps/drawn';

// What a map draws and its provider box shows (issue 32): never a provider that is not drawn.

const vector = { tiles: '/v', minzoom: 0, maxzoom: 15, bounds: [], center: [], layers: [], attribution: null };
const raster = { tiles: '/r', maxzoom: 19, attribution: '© OpenStreetMap contributors' };
const OSM_OK: TilesConfig = { vector: null, raster, osm: 'ok' };
const UNREACHABLE: TilesConfig = { vector: null, raster: null, osm: 'unreachable' };
const OFF: TilesConfig = { vector: null, raster: null, osm: 'off' };
const ARCHIVE: TilesConfig = { vector, raster: null, osm: 'unreachable' };

const input = (i: Partial<DrawnInput>): DrawnInput => ({
  wanted: 'Baidu',
  keyed: [],
  key: undefined,
  tiles: OSM_OK,
  providerFailed: false,
  streetsFailed: false,
  ...i,
});

describe('decideDrawn', () => {
  it('a fresh install (Baidu wanted, no key, no tile access) draws the outlines and says why, never Baidu', () => {
    const d = decideDrawn(input({ tiles: UNREACHABLE }))!;
    expect(d).toMatchObject({ choice: 'Offline', provider: 'offline', basemap: 'outlines', offline: 'outlines', noStreets: 'unreachable', failedProvider: null });
    expect(d.options).toEqual(['Offline']);
    expect(choiceLabelKey(d.choice, d.offline)).toBe('mapType.Outlines');
  });

  it('names the cause: tiles turned off, unreachable, or failed in the browser', () => {
    expect(decideDrawn(input({ tiles: OFF }))!.noStreets).toBe('off');
    expect(decideDrawn(input({ tiles: { vector: null, raster: null } }))!.noStreets).toBe('off');
    expect(decideDrawn(input({ tiles: null }))!.noStreets).toBe('failed');
    const failed = decideDrawn(input({ streetsFailed: true }))!;
    expect(failed).toMatchObject({ choice: 'Offline', basemap: 'outlines', noStreets: 'failed' });
    expect(failed.options).toEqual(['Offline']);
  });

  it('without a key shows OpenStreetMap when the server reaches it, and offers it', () => {
    const d = decideDrawn(input({ tiles: OSM_OK }))!;
    expect(d).toMatchObject({ choice: 'OSM', provider: 'offline', basemap: 'osm', noStreets: null });
    expect(d.options).toEqual(['OSM', 'Offline']);
  });

  it('prefers the PMTILES_FILE streets without a key, labelled as offline streets, with no notice', () => {
    const d = decideDrawn(input({ tiles: ARCHIVE }))!;
    expect(d).toMatchObject({ choice: 'Offline', basemap: 'vector', offline: 'vector', noStreets: null });
    expect(choiceLabelKey(d.choice, d.offline)).toBe('mapType.OfflineStreets');
  });

  it('follows an OSM or Offline choice', () => {
    expect(decideDrawn(input({ wanted: 'OSM', tiles: { ...OSM_OK, vector } }))!.basemap).toBe('osm');
    expect(decideDrawn(input({ wanted: 'Offline', tiles: OSM_OK }))!).toMatchObject({ choice: 'Offline', basemap: 'outlines', noStreets: null });
    // OSM chosen but unreachable: the outlines, with the reason.
    expect(decideDrawn(input({ wanted: 'OSM', tiles: UNREACHABLE }))!).toMatchObject({ choice: 'Offline', basemap: 'outlines', noStreets: 'unreachable' });
  });

  it('draws a keyed provider only with its key, without waiting for the tile offer', () => {
    expect(decideDrawn(input({ wanted: 'GaoDe', keyed: ['GaoDe'], key: undefined }))).toBeNull();
    const d = decideDrawn(input({ wanted: 'GaoDe', keyed: ['Baidu', 'GaoDe'], key: 'k', tiles: undefined }))!;
    expect(d).toMatchObject({ choice: 'GaoDe', provider: 'gaode', basemap: null, noStreets: null });
    expect(d.options).toEqual(['Baidu', 'GaoDe', 'Offline']);
    expect(decideDrawn(input({ wanted: 'GaoDe', keyed: ['GaoDe'], key: 'k', tiles: OSM_OK }))!.options).toEqual(['GaoDe', 'OSM', 'Offline']);
  });

  it('a keyed provider that fails falls back and is named in the notice', () => {
    const d = decideDrawn(input({ wanted: 'Google', keyed: ['Google'], key: 'k', providerFailed: true, tiles: UNREACHABLE }))!;
    expect(d).toMatchObject({ choice: 'Offline', provider: 'offline', failedProvider: 'Google', noStreets: 'unreachable' });
    // It stays offered, so the user can try it again.
    expect(d.options).toContain('Google');
    expect(decideDrawn(input({ wanted: 'Google', keyed: ['Google'], key: null }))!.failedProvider).toBe('Google');
  });

  it('waits for the keys and, without a key, for the tile offer', () => {
    expect(decideDrawn(input({ keyed: null }))).toBeNull();
    expect(decideDrawn(input({ tiles: undefined }))).toBeNull();
  });
});

describe('satelliteOffer', () => {
  it('offers satellite only where a keyed provider can draw it', () => {
    // No key at all (the default install): nothing here shows satellite imagery.
    expect(satelliteOffer(decideDrawn(input({ tiles: UNREACHABLE })))).toBe('none');
    expect(satelliteOffer(decideDrawn(input({ tiles: OSM_OK })))).toBe('none');
    expect(satelliteOffer(decideDrawn(input({ tiles: ARCHIVE })))).toBe('none');
    expect(satelliteOffer(null)).toBe('none');
    // A keyed provider drawn.
    expect(satelliteOffer(decideDrawn(input({ wanted: 'GaoDe', keyed: ['GaoDe'], key: 'k' })))).toBe('on');
    // One has a key but the user chose OpenStreetMap, or it failed: choose it in the box.
    expect(satelliteOffer(decideDrawn(input({ wanted: 'OSM', keyed: ['GaoDe'] })))).toBe('choose');
    expect(satelliteOffer(decideDrawn(input({ wanted: 'Google', keyed: ['Google'], key: 'k', providerFailed: true })))).toBe('choose');
  });
});
