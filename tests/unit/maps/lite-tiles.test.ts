import { describe, expect, it } from 'vitest';
import { centeredOn, type Camera } from '../../../src/maps/lite/camera';
import { LabelPlacer } from '../../../src/maps/lite/labels';
import { meets, polygonShapes } from '../../../src/maps/lite/rings';
import { ancestorPart, tilesInView, tileZoom } from '../../../src/maps/lite/tileGrid';
import { tileAt } from '../../../src/maps/basemap/tiles';

const view = (lng: number, lat: number, zoom: number): Camera =>
  centeredOn({ x: 0.5, y: 0.5, zoom, width: 800, height: 600 }, lng, lat);

describe('light map tiles', () => {
  it('draws 256 px tiles one zoom deeper than the 512 px map zoom, within the source', () => {
    expect(tileZoom(15, 19)).toBe(16);
    expect(tileZoom(14.6, 19)).toBe(16);
    expect(tileZoom(14.4, 19)).toBe(15);
    expect(tileZoom(19.2, 19)).toBe(19);
    expect(tileZoom(-3, 19)).toBe(0);
  });

  it('covers the whole view with the tiles at its zoom, the centre tile first', () => {
    const cam = view(116.4, 39.9, 15);
    const tiles = tilesInView(cam, 16);
    // 800x600 at 256 px per tile: 4 to 5 columns, 3 to 4 rows.
    expect(tiles.length).toBeGreaterThanOrEqual(12);
    expect(tiles.length).toBeLessThanOrEqual(20);
    for (const t of tiles) expect(t.size).toBeCloseTo(256, 6);
    const [cx, cy] = tileAt(116.4, 39.9, 16);
    expect([tiles[0].x, tiles[0].y]).toEqual([cx, cy]);
    // Every pixel of the view lies in some tile.
    for (const [px, py] of [
      [0, 0],
      [799, 0],
      [0, 599],
      [799, 599],
      [400, 300],
    ]) {
      expect(
        tiles.some((t) => px >= t.left && px < t.left + t.size && py >= t.top && py < t.top + t.size),
      ).toBe(true);
    }
  });

  it('asks no tile outside the world at a low zoom', () => {
    const tiles = tilesInView(view(0, 0, 1), 2);
    expect(tiles).toHaveLength(16);
    for (const t of tiles) {
      expect(t.x).toBeGreaterThanOrEqual(0);
      expect(t.x).toBeLessThan(4);
      expect(t.y).toBeGreaterThanOrEqual(0);
      expect(t.y).toBeLessThan(4);
    }
  });

  it('finds the part of an ancestor a tile covers', () => {
    expect(ancestorPart({ z: 16, x: 53971, y: 24831 }, 1)).toEqual({
      z: 15,
      x: 26985,
      y: 12415,
      fx: 0.5,
      fy: 0.5,
      f: 0.5,
    });
    expect(ancestorPart({ z: 3, x: 5, y: 2 }, 2)).toEqual({ z: 1, x: 1, y: 0, fx: 0.25, fy: 0.5, f: 0.25 });
  });
});

describe('light map labels and shapes', () => {
  it('places a label only where it overlaps none placed before', () => {
    const p = new LabelPlacer();
    expect(p.place(0, 0, 50, 16)).toBe(true);
    expect(p.place(40, 10, 90, 26)).toBe(false);
    expect(p.place(51, 0, 100, 16)).toBe(true);
    // Across grid cells.
    expect(p.place(60, 60, 200, 76)).toBe(true);
    expect(p.place(190, 70, 260, 86)).toBe(false);
  });

  it('keeps each polygon with its holes and culls by its box', () => {
    const shapes = polygonShapes({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [0, 0],
                  [10, 0],
                  [10, 10],
                  [0, 0],
                ],
                [
                  [1, 1],
                  [2, 1],
                  [2, 2],
                  [1, 1],
                ],
              ],
              [
                [
                  [100, 30],
                  [110, 30],
                  [110, 40],
                  [100, 30],
                ],
              ],
            ],
          },
        },
      ],
    });
    expect(shapes).toHaveLength(2);
    expect(shapes[0].rings).toHaveLength(2);
    expect(shapes[1]).toMatchObject({ west: 100, south: 30, east: 110, north: 40 });
    expect(
      meets(shapes[1], [
        [105, 35],
        [120, 50],
      ]),
    ).toBe(true);
    expect(
      meets(shapes[0], [
        [105, 35],
        [120, 50],
      ]),
    ).toBe(false);
  });
});
