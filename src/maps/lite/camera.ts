import { mercator } from '../screenTransform';

/**
 * The light map's camera (pure): a Web Mercator view without rotation or pitch. Zoom counts
 * 512 px worlds as L7 and Mapbox do (the world is 512·2^zoom CSS pixels wide), so the zoom
 * figures, the clustering zooms and the tile choice match the L7 map's.
 */
export interface Camera {
  /** The view's centre in world units (0..1 both ways, y down). */
  x: number;
  y: number;
  zoom: number;
  /** The view's size in CSS pixels. */
  width: number;
  height: number;
}

export type LngLat = [number, number];
/** [[west, south], [east, north]], as L7's getBounds answers. */
export type Bounds = [LngLat, LngLat];

export const WORLD_PX = 512;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 20;

export const worldSize = (zoom: number) => WORLD_PX * 2 ** zoom;

/** Longitude and latitude of a world point (inverse of `mercator`). */
export function lngLatOf(wx: number, wy: number): LngLat {
  const lng = wx * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * wy))) * 180) / Math.PI;
  return [lng, lat];
}

export function worldToScreen(cam: Camera, wx: number, wy: number): [number, number] {
  const s = worldSize(cam.zoom);
  return [(wx - cam.x) * s + cam.width / 2, (wy - cam.y) * s + cam.height / 2];
}

export function screenToWorld(cam: Camera, sx: number, sy: number): [number, number] {
  const s = worldSize(cam.zoom);
  return [cam.x + (sx - cam.width / 2) / s, cam.y + (sy - cam.height / 2) / s];
}

export function project(cam: Camera, lng: number, lat: number): [number, number] {
  const [wx, wy] = mercator(lng, lat);
  return worldToScreen(cam, wx, wy);
}

export function unproject(cam: Camera, sx: number, sy: number): LngLat {
  const [wx, wy] = screenToWorld(cam, sx, sy);
  return lngLatOf(wx, wy);
}

/**
 * The camera kept inside the world: zoom within its limits, the centre's x within the world's
 * width, and the view no further north or south than the world's edge when the world is taller
 * than the view (else centred).
 */
export function clampCamera(cam: Camera, minZoom = MIN_ZOOM, maxZoom = MAX_ZOOM): Camera {
  const zoom = Math.min(maxZoom, Math.max(minZoom, cam.zoom));
  const s = worldSize(zoom);
  const halfH = cam.height / 2 / s;
  const y = halfH >= 0.5 ? 0.5 : Math.min(1 - halfH, Math.max(halfH, cam.y));
  const x = Math.min(1, Math.max(0, cam.x));
  return { ...cam, zoom, x, y };
}

export function centeredOn(cam: Camera, lng: number, lat: number, zoom = cam.zoom): Camera {
  const [x, y] = mercator(lng, lat);
  return { ...cam, x, y, zoom };
}

/** A new zoom with the world point under the screen point (sx, sy) staying where it is. */
export function zoomAround(cam: Camera, zoom: number, sx: number, sy: number): Camera {
  const [wx, wy] = screenToWorld(cam, sx, sy);
  const s = worldSize(zoom);
  return { ...cam, zoom, x: wx - (sx - cam.width / 2) / s, y: wy - (sy - cam.height / 2) / s };
}

/** The view moved with the pointer: content follows a drag of (dx, dy) pixels. */
export function panBy(cam: Camera, dx: number, dy: number): Camera {
  const s = worldSize(cam.zoom);
  return { ...cam, x: cam.x - dx / s, y: cam.y - dy / s };
}

export function viewBounds(cam: Camera): Bounds {
  const [west, north] = unproject(cam, 0, 0);
  const [east, south] = unproject(cam, cam.width, cam.height);
  return [
    [west, south],
    [east, north],
  ];
}

/** The camera showing `bounds` with `padding` pixels to spare on every side, no closer than `maxZoom`. */
export function fitBounds(
  cam: Camera,
  [[west, south], [east, north]]: Bounds,
  padding: number,
  maxZoom = MAX_ZOOM,
): Camera {
  const [x0, y1] = mercator(west, south);
  const [x1, y0] = mercator(east, north);
  const w = Math.max(1, cam.width - 2 * padding);
  const h = Math.max(1, cam.height - 2 * padding);
  const dx = Math.max(x1 - x0, 1e-12);
  const dy = Math.max(y1 - y0, 1e-12);
  const zoom = Math.min(maxZoom, Math.log2(Math.min(w / dx, h / dy) / WORLD_PX));
  return { ...cam, x: (x0 + x1) / 2, y: (y0 + y1) / 2, zoom };
}

/**
 * Zoom change for one wheel event, as Mapbox GL and L7 feel: at most one level per event (a
 * mouse notch), small steps for a touchpad's small deltas. Negative delta (wheel up) zooms in.
 */
export function wheelZoomDelta(deltaY: number, deltaMode: number): number {
  const px = deltaMode === 1 ? deltaY * 40 : deltaMode === 2 ? deltaY * 800 : deltaY;
  if (!px) return 0;
  const scale = 2 / (1 + Math.exp(-Math.abs(px) / 100));
  return -Math.sign(px) * Math.log2(scale);
}
