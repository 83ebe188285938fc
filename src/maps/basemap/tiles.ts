import type { MapVariant } from '../types';

/**
 * Tile URL templates of the raster providers ({x}/{y}/{z}, or {quadkey} for Bing), pure so they
 * can be tested. The L7 map is Web Mercator; Yandex tiles are elliptical Mercator, which the
 * coordinate conversion (coords.ts) makes up for on our own layers.
 */
export function yandexTemplate(variant: MapVariant, key: string | undefined): string {
  if (variant === 'satellite') {
    // The keyed Tiles API serves the scheme map only; satellite comes from the public tile host.
    return 'https://core-sat.maps.yandex.net/tiles?l=sat&x={x}&y={y}&z={z}';
  }
  return key
    ? `https://tiles.api-maps.yandex.ru/v1/tiles/?x={x}&y={y}&z={z}&lang=en_US&l=map&apikey=${encodeURIComponent(key)}`
    : 'https://core-renderer-tiles.maps.yandex.net/tiles?l=map&x={x}&y={y}&z={z}&scale=1&lang=en_US';
}

/** Bing's imagery metadata URL; it answers with the tile template for the key. */
export function bingMetadataUrl(variant: MapVariant, key: string): string {
  const set = variant === 'satellite' ? 'AerialWithLabelsOnDemand' : 'RoadOnDemand';
  return `https://dev.virtualearth.net/REST/v1/Imagery/Metadata/${set}?key=${encodeURIComponent(key)}&uriScheme=https&output=json`;
}

/** The tile template from a Bing metadata answer (first subdomain, English culture). */
export function bingTemplateFromMetadata(meta: unknown): string | null {
  const resource = (
    meta as { resourceSets?: { resources?: { imageUrl?: string; imageUrlSubdomains?: string[] }[] }[] }
  )?.resourceSets?.[0]?.resources?.[0];
  if (!resource?.imageUrl) return null;
  const sub = resource.imageUrlSubdomains?.[0] ?? 't0';
  return resource.imageUrl.replace('{subdomain}', sub).replace('{culture}', 'en-US');
}

/** Bing's quadkey of a tile. */
export function quadkey(x: number, y: number, z: number): string {
  let key = '';
  for (let i = z; i > 0; i--) {
    const mask = 1 << (i - 1);
    key += String((x & mask ? 1 : 0) + (y & mask ? 2 : 0));
  }
  return key;
}

/** Fills a template for one tile: {x} {y} {z} {-y} and {quadkey}. */
export function tileUrl(template: string, x: number, y: number, z: number): string {
  return template
    .replace(/\{x\}/g, String(x))
    .replace(/\{y\}/g, String(y))
    .replace(/\{z\}/g, String(z))
    .replace(/\{-y\}/g, String(2 ** z - y - 1))
    .replace(/\{quadkey\}/g, quadkey(x, y, z));
}

/** The tile containing a WGS-84 point at a zoom (used to probe that a provider answers). */
export function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}
