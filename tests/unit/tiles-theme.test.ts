import { describe, expect, it } from 'vitest';
import { hasLanduseColor, hasRoadName, isMajorPlace, isMajorRoad, landuseColor, lineLabelPoint, placeLabelSize, roadStyle, STREET_COLORS } from '../../src/maps/basemap/theme';

describe('vector basemap theme (Protomaps layer kinds)', () => {
  it('draws major roads wider than minor ones, highways widest', () => {
    const w = (k: string) => roadStyle(k).width;
    expect(w('highway')).toBeGreaterThan(w('major_road'));
    expect(w('major_road')).toBeGreaterThan(w('medium_road'));
    expect(w('medium_road')).toBeGreaterThan(w('minor_road'));
    expect(w('minor_road')).toBeGreaterThan(w('path'));
    expect(roadStyle('minor_road').color).toBe(STREET_COLORS.minorRoad);
    expect(roadStyle('something new')).toEqual(roadStyle('other'));
    expect([isMajorRoad('highway'), isMajorRoad('major_road'), isMajorRoad('minor_road')]).toEqual([true, true, false]);
  });

  it('colours parks, woods and water apart from the land, and skips unknown land use', () => {
    expect(landuseColor('park')).toBe(STREET_COLORS.park);
    expect(landuseColor('forest')).toBe(STREET_COLORS.forest);
    expect(new Set([STREET_COLORS.park, STREET_COLORS.forest, STREET_COLORS.earth, STREET_COLORS.water]).size).toBe(4);
    expect(hasLanduseColor('park')).toBe(true);
    expect(hasLanduseColor('pier')).toBe(false);
    expect(landuseColor('pier')).toBe(STREET_COLORS.earth);
  });

  it('labels named roads and sizes place names by rank', () => {
    expect([hasRoadName('Main Street'), hasRoadName(''), hasRoadName(' '), hasRoadName(undefined)]).toEqual([true, false, false, false]);
    expect(placeLabelSize('locality')).toBeGreaterThan(placeLabelSize('neighbourhood'));
    expect([isMajorPlace('locality'), isMajorPlace('neighbourhood')]).toEqual([true, false]);
  });

  it('puts a road name halfway along its line', () => {
    expect(lineLabelPoint([[0, 0], [10, 0]])).toEqual([5, 0]);
    // 10 along x then 10 along y: halfway is the corner.
    expect(lineLabelPoint([[0, 0], [10, 0], [10, 10]])).toEqual([10, 0]);
    expect(lineLabelPoint([[0, 0], [0, 0], [0, 4]])).toEqual([0, 2]);
    expect(lineLabelPoint([3, 4])).toEqual([3, 4]);
    expect(lineLabelPoint([[7, 7]])).toEqual([7, 7]);
    expect(lineLabelPoint([[[0, 0], [1, 1]]])).toBeNull();
    expect(lineLabelPoint([])).toBeNull();
    expect(lineLabelPoint(null)).toBeNull();
  });
});
