import { allIcons } from '../icons';

/** Icons are drawn at 40 px; rasterised at twice that, they stay sharp on a 2x screen. */
const RASTER_PX = 80;

let loaded: Promise<Map<string, CanvasImageSource>> | null = null;

/**
 * The device and cluster icons (generated SVGs, icons.ts), rasterised once for the page: drawing
 * an SVG image on a canvas may rasterise it again on every draw, a bitmap is a plain copy.
 */
export function deviceIcons(): Promise<Map<string, CanvasImageSource>> {
  loaded ??= Promise.all(
    allIcons().map(async ([id, url]) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = RASTER_PX;
      canvas.height = RASTER_PX;
      canvas.getContext('2d')?.drawImage(img, 0, 0, RASTER_PX, RASTER_PX);
      return [id, canvas] as const;
    }),
  ).then((list) => new Map<string, CanvasImageSource>(list));
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}
