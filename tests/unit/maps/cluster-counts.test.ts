import { describe, expect, it } from 'vitest';
import { clusterLabels } from '../../../src/maps/layers/clusterCounts';

describe('clusterLabels', () => {
  it('labels clusters with their count at their coordinates', () => {
    expect(
      clusterLabels([
        { coordinates: [116.4, 39.9], point_count: 12 },
        { coordinates: [114.05, 22.54], point_count: 2 },
      ]),
    ).toEqual([
      { lng: 116.4, lat: 39.9, text: '12' },
      { lng: 114.05, lat: 22.54, text: '2' },
    ]);
  });

  it('skips single devices (count 1 or none) and rows without usable coordinates', () => {
    expect(
      clusterLabels([
        { coordinates: [116.4, 39.9], point_count: 1 },
        { coordinates: [116.4, 39.9] },
        { coordinates: null, point_count: 5 },
        { coordinates: ['116.4', 39.9], point_count: 5 },
        { point_count: 7 },
      ]),
    ).toEqual([]);
  });

  it('reads counts given as strings (supercluster properties pass through L7 parsers)', () => {
    expect(clusterLabels([{ coordinates: [1, 2], point_count: '3' }])).toEqual([
      { lng: 1, lat: 2, text: '3' },
    ]);
  });
});
