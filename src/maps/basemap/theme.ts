/**
 * The street theme of the vector basemap (VectorBasemap.tsx): colours and widths by feature
 * kind of the Protomaps basemap layer schema (v4: earth, landcover, landuse, water, roads,
 * places; https://docs.protomaps.com/basemaps/layers), which is what `pmtiles extract` of a
 * public Protomaps build gives. Pure, so it is unit-tested and the browser tests can look for
 * its colours in a screenshot.
 */

export const STREET_COLORS = {
  /** Sea: the scene's background, seen wherever no earth polygon is drawn. */
  water: '#9cc3e6',
  earth: '#efebe2',
  park: '#c5e3b0',
  forest: '#afd39a',
  grass: '#d4eac0',
  urban: '#e6e1d6',
  industrial: '#e2dde8',
  institution: '#f3e3dc',
  highway: '#f39a56',
  majorRoad: '#fbd27a',
  mediumRoad: '#fff3c4',
  minorRoad: '#ffffff',
  path: '#d8cfc2',
  roadLabel: '#5b5347',
  placeLabel: '#2e2a25',
  labelHalo: '#ffffff',
} as const;

const LANDUSE: Record<string, string> = {
  park: STREET_COLORS.park,
  national_park: STREET_COLORS.park,
  nature_reserve: STREET_COLORS.park,
  garden: STREET_COLORS.park,
  playground: STREET_COLORS.park,
  zoo: STREET_COLORS.park,
  golf_course: STREET_COLORS.park,
  cemetery: STREET_COLORS.grass,
  forest: STREET_COLORS.forest,
  wood: STREET_COLORS.forest,
  grass: STREET_COLORS.grass,
  grassland: STREET_COLORS.grass,
  meadow: STREET_COLORS.grass,
  farmland: STREET_COLORS.grass,
  scrub: STREET_COLORS.grass,
  residential: STREET_COLORS.urban,
  urban_area: STREET_COLORS.urban,
  commercial: STREET_COLORS.urban,
  industrial: STREET_COLORS.industrial,
  railway: STREET_COLORS.industrial,
  military: STREET_COLORS.industrial,
  hospital: STREET_COLORS.institution,
  school: STREET_COLORS.institution,
  university: STREET_COLORS.institution,
  college: STREET_COLORS.institution,
};

/** Fill of a landuse or landcover polygon; kinds without a colour are drawn as bare earth. */
export function landuseColor(kind: unknown): string {
  return LANDUSE[String(kind)] ?? STREET_COLORS.earth;
}

/** True for the kinds the vector basemap fills (the others are skipped, not drawn as earth). */
export const hasLanduseColor = (kind: unknown) => String(kind) in LANDUSE;

export interface RoadStyle {
  color: string;
  /** Pixels. */
  width: number;
}

const ROADS: Record<string, RoadStyle> = {
  highway: { color: STREET_COLORS.highway, width: 5 },
  major_road: { color: STREET_COLORS.majorRoad, width: 4 },
  medium_road: { color: STREET_COLORS.mediumRoad, width: 3 },
  minor_road: { color: STREET_COLORS.minorRoad, width: 2.5 },
  path: { color: STREET_COLORS.path, width: 1 },
  other: { color: STREET_COLORS.minorRoad, width: 1.5 },
};

/** Colour and width of a road by its kind: major roads wider and warmer. */
export function roadStyle(kind: unknown): RoadStyle {
  return ROADS[String(kind)] ?? ROADS.other;
}

/** Roads drawn from MAJOR_ROADS_MIN_ZOOM; the rest only from MINOR_ROADS_MIN_ZOOM (a city's worth of streets is noise further out). */
export const MAJOR_ROADS = new Set(['highway', 'major_road']);
export const MAJOR_ROADS_MIN_ZOOM = 6;
export const MINOR_ROADS_MIN_ZOOM = 12;
/** Road names from this zoom, on named major and medium roads. */
export const ROAD_NAMES_MIN_ZOOM = 14;
export const isMajorRoad = (kind: unknown) => MAJOR_ROADS.has(String(kind));
export const hasRoadName = (name: unknown) => typeof name === 'string' && name.trim() !== '';

/** Place names: bigger for bigger places; neighbourhoods only close in. */
export function placeLabelSize(kind: unknown): number {
  switch (String(kind)) {
    case 'country':
      return 15;
    case 'region':
      return 14;
    case 'locality':
      return 14;
    default:
      return 11;
  }
}
export const PLACES_MIN_ZOOM = 3;
export const isMajorPlace = (kind: unknown) => ['country', 'region', 'locality'].includes(String(kind));
export const NEIGHBOURHOODS_MIN_ZOOM = 12;

type Position = readonly number[];

/**
 * Where a road's name goes: the point halfway along the line (a tile's piece of the road). L7
 * places text at points only (a line throws "当前数据不支持标注"), so road-name layers get
 * their lines turned into this point first. Points pass through; anything else gives null.
 */
export function lineLabelPoint(coords: unknown): Position | null {
  if (!Array.isArray(coords) || coords.length === 0) return null;
  if (typeof coords[0] === 'number') return coords as Position;
  const line = coords as Position[];
  if (!Array.isArray(line[0]) || typeof line[0][0] !== 'number') return null;
  if (line.length === 1) return line[0];
  const legs = line.slice(1).map((p, i) => Math.hypot(p[0] - line[i][0], p[1] - line[i][1]));
  let left = legs.reduce((a, b) => a + b, 0) / 2;
  for (let i = 0; i < legs.length; i++) {
    if (left <= legs[i] && legs[i] > 0) {
      const t = left / legs[i];
      const [a, b] = [line[i], line[i + 1]];
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    left -= legs[i];
  }
  return line[line.length - 1];
}
