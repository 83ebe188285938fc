import { nextTask } from '../../lib/yield';
import { allIcons } from '../icons';

/** Icons are drawn at 40 px; rasterised at twice that, they stay sharp on a 2x screen. */
const RASTER_PX = 80;
/** Icons rasterised per task: all 50 in one task held the page for 300 ms under load. */
const PER_TASK = 6;

let loaded: Promise<Map<string, CanvasImageSource>> | null = null;

async function rasterise(): Promise<Map<string, CanvasImageSource>> {
  const out = new Map<string, CanvasImageSource>();
  const list = allIcons();
  const images = list.map(([, url]) => {
    const img = new Image();
    img.src = url;
    return img;
  });
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % PER_TASK === 0) await nextTask();
    await images[i].decode();
    const canvas = document.createElement('canvas');
    canvas.width = RASTER_PX;
    canvas.height = RASTER_PX;
    canvas.getContext('2d')?.drawImage(images[i], 0, 0, RASTER_PX, RASTER_PX);
    out.set(list[i][0], canvas);
  }
  return out;
}

/**
 * The device and cluster icons (generated SVGs, icons.ts), rasterised once for the page: drawing
 * an SVG image on a canvas may rasterise it again on every draw, a bitmap is a plain copy.
 */
export function deviceIcons(): Promise<Map<string, CanvasImageSource>> {
  loaded ??= rasterise();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}
