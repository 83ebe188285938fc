import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromMapCoords, mapCrs, toMapCoords } from '../../../src/maps/coords';
import type { MapProvider } from '../../../src/maps/types';

const BEIJING: [number, number] = [116.404, 39.915];

describe('toMapCoords', () => {
  it('leaves WGS-84 maps alone', () => {
    for (const p of ['offline', 'bing', 'xyz'] as MapProvider[]) expect(toMapCoords(p, ...BEIJING)).toEqual(BEIJING);
    expect(toMapCoords('google', ...BEIJING, 'satellite')).toEqual(BEIJING);
  });

  it('shifts Beijing into GCJ-02 for GaoDe and Google roads, BD-09 for Baidu', () => {
    const [gx, gy] = toMapCoords('gaode', ...BEIJING);
    // Known offsets at Beijing: GCJ-02 ≈ +0.0062 lng, +0.0014 lat; BD-09 ≈ +0.0126, +0.0077.
    expect(gx - BEIJING[0]).toBeCloseTo(0.0062, 3);
    expect(gy - BEIJING[1]).toBeCloseTo(0.0014, 3);
    expect(toMapCoords('google', ...BEIJING)).toEqual([gx, gy]);
    const [bx, by] = toMapCoords('baidu', ...BEIJING);
    expect(bx - BEIJING[0]).toBeCloseTo(0.0126, 3);
    expect(by - BEIJING[1]).toBeCloseTo(0.0077, 3);
  });

  it('does not shift points outside China for GaoDe', () => {
    expect(toMapCoords('gaode', 2.35, 48.85)).toEqual([2.35, 48.85]);
  });

  it('moves Yandex latitudes south by the ellipsoid difference (about 0.19° at Beijing)', () => {
    // Elliptical Mercator draws a latitude closer to the equator than spherical Mercator does.
    const [x, y] = toMapCoords('yandex', ...BEIJING);
    expect(x).toBe(BEIJING[0]);
    expect(BEIJING[1] - y).toBeGreaterThan(0.17);
    expect(BEIJING[1] - y).toBeLessThan(0.21);
    expect(toMapCoords('yandex', 0, 0)[1]).toBeCloseTo(0, 9);
  });

  it('maps each provider to its system', () => {
    expect(mapCrs('baidu')).toBe('BD09');
    expect(mapCrs('gaode', 'satellite')).toBe('GCJ02');
    expect(mapCrs('yandex')).toBe('EPSG3395');
  });

  it('round-trips through fromMapCoords within a metre', () => {
    const providers: MapProvider[] = ['offline', 'gaode', 'baidu', 'google', 'yandex'];
    fc.assert(
      fc.property(
        fc.constantFrom(...providers),
        fc.double({ min: 73, max: 135, noNaN: true }),
        fc.double({ min: 18, max: 53, noNaN: true }),
        (provider, lng, lat) => {
          const [x, y] = toMapCoords(provider, lng, lat);
          const [lng2, lat2] = fromMapCoords(provider, x, y);
          // 1e-5 degrees is about a metre.
          expect(Math.abs(lng2 - lng)).toBeLessThan(1e-5);
          expect(Math.abs(lat2 - lat)).toBeLessThan(1e-5);
        },
      ),
    );
  });
});
