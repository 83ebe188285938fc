import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../../../src/maps/distance';
import { fenceRing } from '../../../src/maps/fences';
import { labelPoint, placeNames, splitAtAntimeridian, splitRingAtAntimeridian } from '../../../src/maps/basemap/outlines';
import { bingTemplateFromMetadata, quadkey, tileAt, tileUrl, yandexTemplate } from '../../../src/maps/basemap/tiles';

describe('fenceRing', () => {
  it('draws a circle fence as a closed ring on its radius', () => {
    const ring = fenceRing({ id: 1, name: 'a', type: 'circle', center: [116.4, 39.9], radius: 200 });
    expect(ring).not.toBeNull();
    expect(ring![0]).toEqual(ring![ring!.length - 1]);
    for (const p of ring!) expect(distanceMeters([116.4, 39.9], p)).toBeCloseTo(200, 3);
  });

  it('closes an open polygon and keeps a closed one as is', () => {
    const open = fenceRing({ id: 2, name: 'b', type: 'polygon', points: [[0, 0], [1, 0], [1, 1]] });
    expect(open).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
    const closed = fenceRing({ id: 3, name: 'c', type: 'polygon', points: [[0, 0], [1, 0], [1, 1], [0, 0]] });
    expect(closed).toHaveLength(4);
  });

  it('skips fences that lack what their type needs', () => {
    expect(fenceRing({ id: 4, name: 'd', type: 'circle', center: [0, 0] })).toBeNull();
    expect(fenceRing({ id: 5, name: 'e', type: 'circle', radius: 100 })).toBeNull();
    expect(fenceRing({ id: 6, name: 'f', type: 'polygon', points: [[0, 0], [1, 1]] })).toBeNull();
  });
});

describe('basemap names', () => {
  it('puts a label in the middle of the largest part', () => {
    const small = [[[0, 0], [1, 0], [1, 1], [0, 0]]];
    const large = [[[10, 10], [20, 10], [20, 30], [10, 10]]];
    expect(labelPoint({ type: 'MultiPolygon', coordinates: [small, large] })).toEqual([15, 20]);
    expect(labelPoint({ type: 'Point', coordinates: [1, 2] })).toBeNull();
    expect(labelPoint(null)).toBeNull();
  });

  it('names provinces at their label point and leaves China to its provinces', () => {
    const poly = { type: 'Polygon' as const, coordinates: [[[0, 0], [2, 0], [2, 2], [0, 0]]] };
    const names = placeNames(
      { type: 'FeatureCollection', features: [
        { type: 'Feature', properties: { name: 'China' }, geometry: poly },
        { type: 'Feature', properties: { name: 'Mongolia' }, geometry: poly },
      ] },
      { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: '北京', cp: [116.4, 40.1] }, geometry: poly }] },
    );
    expect(names).toEqual([
      { name: '北京', lng: 116.4, lat: 40.1, kind: 'province' },
      { name: 'Mongolia', lng: 1, lat: 1, kind: 'country' },
    ]);
  });
});

describe('splitRingAtAntimeridian', () => {
  it('cuts a ring that crosses 180° into one ring per side', () => {
    // An island straddling the meridian: 179..180 east, -180..-179 west.
    const ring = [[179, 60], [180, 60], [-180, 60], [-179, 60], [-179, 62], [-180, 62], [180, 62], [179, 62], [179, 60]];
    const parts = splitRingAtAntimeridian(ring);
    expect(parts).toHaveLength(2);
    for (const part of parts) {
      expect(part[0]).toEqual(part[part.length - 1]);
      const signs = new Set(part.map(([x]) => Math.sign(x)));
      expect(signs.size).toBe(1);
    }
    expect(parts.flat()).toEqual(expect.arrayContaining([[179, 60], [180, 62], [-179, 60], [-180, 62]]));
  });

  it('leaves rings that do not cross, and rings that only close across it, alone', () => {
    const ring = [[10, 0], [20, 0], [20, 10], [10, 0]];
    expect(splitRingAtAntimeridian(ring)).toEqual([ring]);
    const round = [[-180, -80], [0, -70], [180, -80], [-180, -80]];
    expect(splitRingAtAntimeridian(round)).toEqual([round]);
  });

  it('turns a split polygon into a multipolygon', () => {
    const ring = [[179, 60], [180, 60], [-180, 60], [-179, 60], [-179, 62], [-180, 62], [180, 62], [179, 62], [179, 60]];
    const fc = splitAtAntimeridian({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }] });
    expect(fc.features[0].geometry.type).toBe('MultiPolygon');
    expect((fc.features[0].geometry as { coordinates: unknown[] }).coordinates).toHaveLength(2);
  });
});

describe('raster tiles', () => {
  it('computes Bing quadkeys', () => {
    // Example from Microsoft's "Bing Maps Tile System" article: tile (3, 5) at level 3 is 213.
    expect(quadkey(3, 5, 3)).toBe('213');
    expect(quadkey(0, 0, 1)).toBe('0');
    expect(quadkey(1, 1, 1)).toBe('3');
  });

  it('fills {x} {y} {z} {-y} and {quadkey}', () => {
    expect(tileUrl('https://t/{z}/{x}/{y}.png', 3, 5, 4)).toBe('https://t/4/3/5.png');
    expect(tileUrl('https://t/{z}/{x}/{-y}.png', 3, 5, 4)).toBe('https://t/4/3/10.png');
    expect(tileUrl('https://b/r{quadkey}.jpeg', 3, 5, 3)).toBe('https://b/r213.jpeg');
  });

  it('finds the tile of a point', () => {
    expect(tileAt(0.0001, -0.0001, 1)).toEqual([1, 1]);
    expect(tileAt(116.404, 39.915, 4)).toEqual([13, 6]);
  });

  it('builds the Bing template from the metadata answer', () => {
    const meta = { resourceSets: [{ resources: [{ imageUrl: 'https://{subdomain}.ssl.ak.dynamic.tiles.virtualearth.net/comp/ch/{quadkey}?mkt={culture}', imageUrlSubdomains: ['t0', 't1'] }] }] };
    expect(bingTemplateFromMetadata(meta)).toBe('https://t0.ssl.ak.dynamic.tiles.virtualearth.net/comp/ch/{quadkey}?mkt=en-US');
    expect(bingTemplateFromMetadata({})).toBeNull();
  });

  it('uses the keyed Yandex tiles API for the scheme map', () => {
    expect(yandexTemplate('normal', 'k&y')).toContain('apikey=k%26y');
    expect(yandexTemplate('satellite', 'k')).toContain('l=sat');
  });
});
