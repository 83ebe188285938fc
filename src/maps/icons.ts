import { CAR_ICON_STATES, type CarIconState } from '../domain/codes';

/**
 * Car icons, generated here rather than shipped: one SVG per (state, silhouette), turned into a
 * data URL and registered once with the scene (no request leaves the page). Every silhouette
 * points north, so rotating it by the course points it the way the vehicle drives.
 */

/** Colour per icon state; the state is what the eye must read first. */
export const ICON_STATE_COLORS: Record<CarIconState, string> = {
  moving: '#389e0d',
  fast: '#1677ff',
  overspeed: '#f5222d',
  stop: '#fa8c16',
  offline: '#8c8c8c',
  unknown: '#d9d9d9',
  expired: '#262626',
};

export const ICON_KINDS = ['car', 'truck', 'bus', 'motorbike', 'person', 'pet', 'arrow'] as const;
export type IconKind = (typeof ICON_KINDS)[number];

/**
 * Icon type 1–16 (spec section 9) → silhouette. The spec leaves the drawings open; the types
 * cycle through the silhouettes, and anything outside 1–16 is a car.
 */
export function iconKind(iconType: number): IconKind {
  if (!Number.isInteger(iconType) || iconType < 1 || iconType > 16) return 'car';
  return ICON_KINDS[(iconType - 1) % ICON_KINDS.length];
}

/** Id of the registered image for a device. */
export function iconId(state: CarIconState, iconType: number): string {
  return `car-${state}-${iconKind(iconType)}`;
}

export const CLUSTER_ICON_ID = 'device-cluster';

// Shapes in a 40x40 box (spec: car icons 40x40), nose at the top.
const SHAPES: Record<IconKind, (fill: string) => string> = {
  car: (f) =>
    `<rect x="12" y="5" width="16" height="30" rx="6" fill="${f}"/>` +
    `<rect x="14.5" y="11" width="11" height="6" rx="2" fill="#e6f4ff"/>` +
    `<rect x="14.5" y="26" width="11" height="4" rx="1.5" fill="#e6f4ff"/>`,
  truck: (f) =>
    `<rect x="13" y="4" width="14" height="9" rx="3" fill="${f}"/>` +
    `<rect x="14.5" y="6" width="11" height="4" rx="1" fill="#e6f4ff"/>` +
    `<rect x="11" y="14" width="18" height="23" rx="1.5" fill="${f}"/>`,
  bus: (f) =>
    `<rect x="12" y="3" width="16" height="34" rx="3" fill="${f}"/>` +
    `<rect x="14" y="6" width="12" height="4" rx="1" fill="#e6f4ff"/>` +
    `<rect x="14" y="13" width="12" height="20" rx="1" fill="none" stroke="#e6f4ff" stroke-width="1.5" stroke-dasharray="3 2"/>`,
  motorbike: (f) =>
    `<ellipse cx="20" cy="20" rx="4.5" ry="14" fill="${f}"/>` +
    `<rect x="12" y="11" width="16" height="2.5" rx="1" fill="${f}"/>`,
  person: (f) =>
    `<path d="M20 3 L25 10 H15 Z" fill="${f}"/>` +
    `<circle cx="20" cy="16" r="5" fill="${f}"/>` +
    `<path d="M11 35 C11 25 14 22 20 22 C26 22 29 25 29 35 Z" fill="${f}"/>`,
  pet: (f) =>
    `<path d="M20 3 L25 10 H15 Z" fill="${f}"/>` +
    `<ellipse cx="20" cy="27" rx="7" ry="6" fill="${f}"/>` +
    `<circle cx="12" cy="19" r="3" fill="${f}"/><circle cx="17" cy="14" r="3" fill="${f}"/>` +
    `<circle cx="23" cy="14" r="3" fill="${f}"/><circle cx="28" cy="19" r="3" fill="${f}"/>`,
  arrow: (f) => `<path d="M20 3 L33 35 L20 28 L7 35 Z" fill="${f}"/>`,
};

/** SVG of one icon: coloured shape with a white halo so it reads on any background. */
export function iconSvg(state: CarIconState, kind: IconKind): string {
  const shape = SHAPES[kind](ICON_STATE_COLORS[state]);
  // Drawn at 64 px (L7's icon atlas cell) from a 40-unit box, so the atlas copy stays sharp.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 40 40">` +
    `<g stroke="#fff" stroke-width="3" stroke-linejoin="round" opacity="0.9">${shape}</g>` +
    `<g stroke="#1f1f1f" stroke-width="0.6" stroke-linejoin="round">${shape}</g></svg>`
  );
}

/** Cluster badge: a translucent disc; the count is drawn by a text layer on top. */
export function clusterSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 40 40">` +
    `<circle cx="20" cy="20" r="19" fill="#1677ff" fill-opacity="0.25"/>` +
    `<circle cx="20" cy="20" r="14" fill="#1677ff" stroke="#fff" stroke-width="2"/></svg>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Every image the device layer uses, id → data URL. */
export function allIcons(): [string, string][] {
  const list: [string, string][] = [[CLUSTER_ICON_ID, svgDataUrl(clusterSvg())]];
  for (const state of CAR_ICON_STATES) {
    for (const kind of ICON_KINDS) list.push([`car-${state}-${kind}`, svgDataUrl(iconSvg(state, kind))]);
  }
  return list;
}

/**
 * Decodes every icon once into a PNG-backed image. L7 redraws its whole icon atlas after each
 * added image; redrawing 50 SVGs 50 times took half a second, redrawing bitmaps takes a few ms.
 */
export async function rasterIcons(): Promise<[string, HTMLImageElement][]> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d');
  const out: [string, HTMLImageElement][] = [];
  for (const [id, url] of allIcons()) {
    const svg = new Image();
    svg.src = url;
    await svg.decode();
    let png = svg;
    if (ctx) {
      ctx.clearRect(0, 0, 64, 64);
      ctx.drawImage(svg, 0, 0, 64, 64);
      png = new Image();
      png.src = canvas.toDataURL('image/png');
      await png.decode();
    }
    out.push([id, png]);
  }
  return out;
}
