/**
 * Sizes and scales of the shape editor, pure: the ground a screen pixel covers at a zoom, the
 * radius a drag draws, the zoom at which a street-scale shape is a small drag, a polygon's area
 * and perimeter and a route's length. The earth is the spec's sphere (EARTH_RADIUS_M), as for
 * every distance of the app, so the sizes shown agree with the radius the editor stores.
 */
import { EARTH_RADIUS_M } from '../../domain/constants';
import { distanceMeters, pathMeters } from '../distance';
import type { DrawnShape, LngLat } from './geometry';

const RAD = Math.PI / 180;

/** Screen pixels of a zoom-0 world on L7's own map (Mapbox-style zooms); the keyed providers' maps count 256. */
export const L7_WORLD_PX = 512;

/**
 * Ground metres per screen pixel that make a street-scale shape a small drag: an 80 px drag is
 * about 160 m, above the smallest fence radius (100 m), and a city block fits the view.
 */
export const DRAW_METERS_PER_PIXEL = 2;

/** Zooms the start view keeps to: past 18 the providers have no tiles, under 3 nothing is drawable. */
export const DRAW_ZOOM_MIN = 3;
export const DRAW_ZOOM_MAX = 18;

/** Metres on the ground (east-west) per screen pixel at a latitude and zoom, Web Mercator. */
export function metersPerPixel(lat: number, zoom: number, worldPx = L7_WORLD_PX): number {
  return (2 * Math.PI * EARTH_RADIUS_M * Math.cos(lat * RAD)) / (worldPx * 2 ** zoom);
}

/** The radius in whole metres a drag of `px` screen pixels draws at a latitude and zoom. */
export function radiusOfDrag(px: number, lat: number, zoom: number, worldPx = L7_WORLD_PX): number {
  return Math.round(px * metersPerPixel(lat, zoom, worldPx));
}

/**
 * The zoom-0 world size in pixels of a map that shows `mpp` metres per pixel at a latitude and
 * zoom: how the start view learns the provider's zoom scale from the map itself.
 */
export function worldPxOf(lat: number, zoom: number, mpp: number): number {
  return (2 * Math.PI * EARTH_RADIUS_M * Math.cos(lat * RAD)) / (mpp * 2 ** zoom);
}

/**
 * The whole zoom at which a map of `worldPx` shows about `target` metres per pixel at `lat`:
 * where to open the editor around a vehicle (15 on L7's map at Beijing's latitude, 16 on a
 * 256-pixel provider's), clamped to DRAW_ZOOM_MIN..DRAW_ZOOM_MAX.
 */
export function drawingZoom(lat: number, worldPx = L7_WORLD_PX, target = DRAW_METERS_PER_PIXEL): number {
  const z = Math.round(Math.log2(metersPerPixel(lat, 0, worldPx) / target));
  return Math.min(DRAW_ZOOM_MAX, Math.max(DRAW_ZOOM_MIN, z));
}

/** The ring without a repeated closing point. */
function openRing(points: readonly LngLat[]): readonly LngLat[] {
  const n = points.length;
  if (n > 1 && points[0][0] === points[n - 1][0] && points[0][1] === points[n - 1][1]) return points.slice(0, -1);
  return points;
}

/**
 * Area in square metres of a simple polygon on the sphere (the trapezoid formula of spherical
 * excess, as Turf's `area`); the ring may or may not repeat its first point. 0 under 3 corners.
 */
export function polygonAreaM2(points: readonly LngLat[]): number {
  const ring = openRing(points);
  const n = ring.length;
  if (n < 3) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const [lng1, lat1] = ring[i];
    const [lng2, lat2] = ring[(i + 1) % n];
    sum += (lng2 - lng1) * RAD * (2 + Math.sin(lat1 * RAD) + Math.sin(lat2 * RAD));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Perimeter in metres of a closed ring (the closing edge counted once). */
export function perimeterMeters(points: readonly LngLat[]): number {
  const ring = openRing(points);
  if (ring.length < 2) return 0;
  return pathMeters(ring) + (ring.length > 2 ? distanceMeters(ring[ring.length - 1], ring[0]) : 0);
}

/** What the editor shows of a shape's size: a circle's radius, a polygon's area and perimeter, a line's length. */
export type ShapeSize =
  | { kind: 'radius'; meters: number }
  | { kind: 'area'; squareMeters: number; perimeter: number }
  | { kind: 'length'; meters: number };

export function shapeSize(shape: DrawnShape | null): ShapeSize | null {
  if (!shape) return null;
  switch (shape.type) {
    case 'circle':
      return { kind: 'radius', meters: shape.radius };
    case 'polygon':
    case 'rectangle':
      return { kind: 'area', squareMeters: polygonAreaM2(shape.points), perimeter: perimeterMeters(shape.points) };
    case 'polyline':
      return { kind: 'length', meters: pathMeters(shape.points) };
    default:
      return null;
  }
}
