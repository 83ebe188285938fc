import type { FeatureCollection } from 'geojson';

/** A ring or line of [lng, lat] points. */
export type Ring = readonly (readonly number[])[];

/** A polygon (outer ring and holes) or a line, with its bounding box for culling. */
export interface Shape {
  rings: Ring[];
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Every polygon of a collection as a shape (rings of a MultiPolygon's parts kept together). */
export function polygonShapes(collection: FeatureCollection): Shape[] {
  const out: Shape[] = [];
  for (const f of collection.features) {
    const g = f.geometry;
    if (g?.type === 'Polygon') out.push(shapeOf(g.coordinates));
    else if (g?.type === 'MultiPolygon') for (const p of g.coordinates) out.push(shapeOf(p));
  }
  return out;
}

export function shapeOf(rings: Ring[]): Shape {
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  }
  return { rings, west, south, east, north };
}

/** True when the shape's box meets the bounds [[west, south], [east, north]]. */
export function meets(
  s: Shape,
  [[west, south], [east, north]]: [[number, number], [number, number]],
): boolean {
  return s.east >= west && s.west <= east && s.north >= south && s.south <= north;
}
