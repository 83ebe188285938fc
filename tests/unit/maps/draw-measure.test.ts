import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FENCE_RADIUS_MIN } from '../../../src/domain/constants';
import { destination, pathMeters } from '../../../src/maps/distance';
import type { LngLat } from '../../../src/maps/draw/geometry';
import {
  drawingZoom,
  metersPerPixel,
  perimeterMeters,
  polygonAreaM2,
  radiusOfDrag,
  shapeSize,
  worldPxOf,
} from '../../../src/maps/draw/measure';

const BEIJING_LAT = 39.9;

describe('the radius a drag draws', () => {
  it('was some 4.7 km for an 80 px drag at zoom 10, where the editor used to open (issue 32)', () => {
    const r = radiusOfDrag(80, BEIJING_LAT, 10);
    expect(r).toBeGreaterThan(4600);
    expect(r).toBeLessThan(4750);
  });

  it('halves with each zoom step and is the same on a 256 px map one zoom further in', () => {
    expect(metersPerPixel(BEIJING_LAT, 14) / metersPerPixel(BEIJING_LAT, 15)).toBeCloseTo(2, 10);
    expect(metersPerPixel(BEIJING_LAT, 16, 256)).toBeCloseTo(metersPerPixel(BEIJING_LAT, 15, 512), 10);
  });

  it('is a street-scale circle, over the smallest fence radius, at the zoom the editor opens on a vehicle', () => {
    expect(drawingZoom(BEIJING_LAT)).toBe(15);
    expect(drawingZoom(BEIJING_LAT, 256)).toBe(16);
    const r = radiusOfDrag(80, BEIJING_LAT, drawingZoom(BEIJING_LAT));
    expect(r).toBeGreaterThanOrEqual(FENCE_RADIUS_MIN);
    expect(r).toBeLessThan(250);
  });

  it('stays between 100 and 250 m for an 80 px drag wherever the vehicle is, on either kind of map', () => {
    fc.assert(
      fc.property(fc.double({ min: -75, max: 75, noNaN: true }), fc.constantFrom(256, 512), (lat, world) => {
        const r = radiusOfDrag(80, lat, drawingZoom(lat, world), world);
        expect(r).toBeGreaterThanOrEqual(100);
        expect(r).toBeLessThanOrEqual(250);
      }),
    );
  });

  it('learns the map kind back from a measured scale', () => {
    expect(worldPxOf(BEIJING_LAT, 12, metersPerPixel(BEIJING_LAT, 12, 256))).toBeCloseTo(256, 6);
    expect(worldPxOf(10, 7.5, metersPerPixel(10, 7.5))).toBeCloseTo(512, 6);
  });
});

/** A square of `side` metres with its south-west corner at `sw`, counter-clockwise. */
function square(sw: LngLat, side: number): LngLat[] {
  const se = destination(sw, side, 90);
  const nw = destination(sw, side, 0);
  return [sw, se, [se[0], nw[1]], nw];
}

describe('polygon area and perimeter', () => {
  const sq = square([116.39, 39.9], 1000);

  it('gives a 1 km square about 1 km² and 4 km', () => {
    expect(polygonAreaM2(sq) / 1e6).toBeCloseTo(1, 2);
    expect(perimeterMeters(sq)).toBeGreaterThan(3990);
    expect(perimeterMeters(sq)).toBeLessThan(4010);
  });

  it('is the same clockwise, and with the first corner repeated at the end', () => {
    expect(polygonAreaM2([...sq].reverse())).toBeCloseTo(polygonAreaM2(sq), 6);
    expect(polygonAreaM2([...sq, sq[0]])).toBeCloseTo(polygonAreaM2(sq), 6);
    expect(perimeterMeters([...sq, sq[0]])).toBeCloseTo(perimeterMeters(sq), 6);
  });

  it('is nothing under three corners', () => {
    expect(polygonAreaM2(sq.slice(0, 2))).toBe(0);
  });

  it('scales with the square of the side', () => {
    expect(polygonAreaM2(square([2, 48], 200))).toBeCloseTo(40_000, -2);
  });
});

describe('shapeSize', () => {
  it('gives a circle its radius, a polygon or rectangle area and perimeter, a route its length', () => {
    expect(shapeSize({ type: 'circle', center: [116, 40], radius: 350 })).toEqual({ kind: 'radius', meters: 350 });
    const sq = square([116.39, 39.9], 500);
    for (const type of ['polygon', 'rectangle'] as const) {
      const s = shapeSize({ type, points: sq });
      expect(s?.kind).toBe('area');
      if (s?.kind === 'area') {
        expect(s.squareMeters).toBeCloseTo(polygonAreaM2(sq), 6);
        expect(s.perimeter).toBeCloseTo(perimeterMeters(sq), 6);
      }
    }
    const line: LngLat[] = [[116.3, 39.9], [116.31, 39.9], [116.31, 39.91]];
    expect(shapeSize({ type: 'polyline', points: line })).toEqual({ kind: 'length', meters: pathMeters(line) });
    expect(shapeSize({ type: 'point', point: [116, 40] })).toBeNull();
    expect(shapeSize(null)).toBeNull();
  });
});
