import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { encodeClusters, paddedBounds, ROW_WIDTH } from '../../../src/maps/layers/clusterProtocol';

/** Rows of the worker's answer as objects, for reading. */
function rowsOf(out: Float64Array) {
  const rows = [];
  for (let o = 0; o < out.length; o += ROW_WIDTH) {
    rows.push({ lng: out[o], lat: out[o + 1], count: out[o + 2], index: out[o + 3] });
  }
  return rows;
}

function indexOf(points: [number, number][]) {
  return new Supercluster<{ i: number }>({ radius: 50, maxZoom: 11 }).load(
    points.map((c, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: c } })),
  );
}

describe('the clustering worker answer', () => {
  // 1,000 devices in a small town and one far away.
  const town: [number, number][] = Array.from({ length: 1000 }, (_, i) => [
    114 + (i % 40) * 0.0005,
    22.5 + Math.floor(i / 40) * 0.0005,
  ]);
  const points: [number, number][] = [...town, [2.35, 48.85]];

  it('zoomed out, gives clusters whose counts add up to every device, and singles by index', () => {
    const rows = rowsOf(encodeClusters(indexOf(points).getClusters([-180, -85, 180, 85], 3)));
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(points.length);
    const clusters = rows.filter((r) => r.index === -1);
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters.every((r) => r.count > 1)).toBe(true);
    // The lone device far away is itself, with its own index and place.
    expect(rows).toContainEqual({ lng: 2.35, lat: 48.85, count: 1, index: 1000 });
  });

  it('above the clustering zoom, gives each device in the bounds once and nothing outside', () => {
    // Edges between the grid's lines, so no device sits on one.
    const bbox = paddedBounds(
      [
        [113.99975, 22.49975],
        [114.00475, 22.50475],
      ],
      0,
    );
    const rows = rowsOf(encodeClusters(indexOf(points).getClusters(bbox, 12)));
    const inside = town.filter(([x, y]) => x <= bbox[2] && y <= bbox[3]).length;
    expect(inside).toBe(100);
    expect(rows).toHaveLength(inside);
    expect(rows.every((r) => r.count === 1 && r.index >= 0 && r.index < 1000)).toBe(true);
    expect(new Set(rows.map((r) => r.index)).size).toBe(inside);
  });

  it('pads the view on every side and stays within the world', () => {
    expect(paddedBounds([[10, 20], [12, 21]], 0.5)).toEqual([9, 19.5, 13, 21.5]);
    expect(paddedBounds([[-170, -80], [170, 80]], 1)).toEqual([-180, -85.06, 180, 85.06]);
  });
});
