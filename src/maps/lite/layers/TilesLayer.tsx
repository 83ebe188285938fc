import { useEffect } from 'react';
import { tileUrl } from '../../basemap/tiles';
import { LZ, useLiteMap } from '../context';
import { ancestorPart, tilesInView, tileZoom } from '../tileGrid';

/** Decoded tiles kept for panning back (least recently drawn go first). */
const CACHE_TILES = 384;
/** A missing tile is drawn from a loaded ancestor up to this many zooms above (blurry, not blank). */
const ANCESTOR_ZOOMS = 4;

interface Tile {
  img: HTMLImageElement;
  ready: boolean;
  failed: boolean;
}

/**
 * Raster tiles from a `{z}/{x}/{y}` template (here our server's OSM proxy). Each frame draws
 * the tiles in view, a loaded ancestor's part where a tile is still coming, and asks for the
 * missing ones; a tile that arrives asks for a frame.
 */
export function TilesLayer({ template, maxZoom }: { template: string; maxZoom: number }) {
  const { view } = useLiteMap();
  useEffect(() => {
    const cache = new Map<string, Tile>();
    let live = true;
    const key = (z: number, x: number, y: number) => `${z}/${x}/${y}`;
    const get = (z: number, x: number, y: number, load: boolean): Tile | undefined => {
      const k = key(z, x, y);
      let t = cache.get(k);
      if (t) {
        // Most recently used last, so the oldest are dropped first.
        cache.delete(k);
        cache.set(k, t);
        return t;
      }
      if (!load) return undefined;
      const img = new Image();
      img.decoding = 'async';
      t = { img, ready: false, failed: false };
      const tile = t;
      img.onload = () => {
        tile.ready = true;
        if (live) view.render();
      };
      img.onerror = () => {
        tile.failed = true;
      };
      img.src = tileUrl(template, x, y, z);
      cache.set(k, t);
      while (cache.size > CACHE_TILES) {
        const oldest = cache.keys().next().value as string;
        const gone = cache.get(oldest);
        if (gone && !gone.ready) gone.img.src = '';
        cache.delete(oldest);
      }
      return t;
    };

    const remove = view.addLayer({
      z: LZ.tiles,
      draw(ctx) {
        const z = tileZoom(view.getZoom(), maxZoom);
        ctx.imageSmoothingEnabled = true;
        for (const spot of tilesInView(view.camera, z)) {
          // Whole pixels: no hairline seams between neighbouring tiles.
          const l = Math.floor(spot.left);
          const tp = Math.floor(spot.top);
          const s = Math.ceil(spot.left + spot.size) - l;
          const s2 = Math.ceil(spot.top + spot.size) - tp;
          const tile = get(spot.z, spot.x, spot.y, true);
          if (tile?.ready) {
            ctx.drawImage(tile.img, l, tp, s, s2);
            continue;
          }
          for (let up = 1; up <= ANCESTOR_ZOOMS && spot.z - up >= 0; up++) {
            const a = ancestorPart(spot, up);
            const parent = get(a.z, a.x, a.y, false);
            if (!parent?.ready) continue;
            const w = parent.img.naturalWidth;
            ctx.drawImage(parent.img, a.fx * w, a.fy * w, a.f * w, a.f * w, l, tp, s, s2);
            break;
          }
        }
      },
    });
    return () => {
      live = false;
      remove();
      for (const t of cache.values()) if (!t.ready) t.img.src = '';
      cache.clear();
    };
  }, [view, template, maxZoom]);
  return null;
}
