import { worldSize, type Camera } from './camera';

/** One raster tile on screen: its address and where it is drawn (CSS px). */
export interface TileSpot {
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  size: number;
}

/** 256 px raster tiles one zoom deeper than the 512 px map zoom, as L7 showed OSM (zoomOffset 1). */
export const TILE_ZOOM_OFFSET = 1;

/** The tile zoom drawn at a map zoom, within the source's zooms. */
export function tileZoom(mapZoom: number, maxZoom: number): number {
  return Math.max(0, Math.min(maxZoom, Math.round(mapZoom + TILE_ZOOM_OFFSET)));
}

/** The tiles of zoom `z` covering the view, nearest the centre first (they load first). */
export function tilesInView(cam: Camera, z: number): TileSpot[] {
  const n = 2 ** z;
  const size = worldSize(cam.zoom) / n;
  const left0 = cam.width / 2 - cam.x * worldSize(cam.zoom);
  const top0 = cam.height / 2 - cam.y * worldSize(cam.zoom);
  const x0 = Math.max(0, Math.floor(-left0 / size));
  const x1 = Math.min(n - 1, Math.floor((cam.width - left0) / size));
  const y0 = Math.max(0, Math.floor(-top0 / size));
  const y1 = Math.min(n - 1, Math.floor((cam.height - top0) / size));
  const out: TileSpot[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) out.push({ z, x, y, left: left0 + x * size, top: top0 + y * size, size });
  }
  const cx = cam.width / 2;
  const cy = cam.height / 2;
  const d = (t: TileSpot) => Math.hypot(t.left + t.size / 2 - cx, t.top + t.size / 2 - cy);
  return out.sort((a, b) => d(a) - d(b));
}

/** The ancestor `up` zooms above a tile, and which part of it (0..1 fractions) the tile covers. */
export function ancestorPart(t: { z: number; x: number; y: number }, up: number) {
  const k = 2 ** up;
  return {
    z: t.z - up,
    x: Math.floor(t.x / k),
    y: Math.floor(t.y / k),
    fx: (t.x % k) / k,
    fy: (t.y % k) / k,
    f: 1 / k,
  };
}
