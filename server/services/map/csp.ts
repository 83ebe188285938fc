import { keyFor, type MapKeySetting } from './settings';

/**
 * Hosts the keyed map providers load from (src/maps/scene.ts scripts, basemap/tiles.ts tiles),
 * added to the Content Security Policy of server/app.ts, and only for the providers the mapKey
 * setting has a key for. Without them the browser refuses the provider and the monitor falls
 * back to the offline map. Script hosts are exact: a wildcard such as *.google.com or *.baidu.com
 * takes in hosts that serve JSONP, which would let injected markup run script.
 */
export interface MapSources {
  script: string[];
  style: string[];
  img: string[];
  connect: string[];
}

const PROVIDERS: Record<string, MapSources> = {
  // AMap JS API 2.0: the loader and its modules from webapi.amap.com; tiles from *.is.autonavi.com.
  GaoDe: {
    script: ['https://webapi.amap.com'],
    style: ['https://webapi.amap.com'],
    img: ['https://webapi.amap.com', 'https://*.is.autonavi.com', 'https://vdata.amap.com'],
    connect: ['https://webapi.amap.com', 'https://restapi.amap.com', 'https://vdata.amap.com'],
  },
  // Baidu JS API GL: the loader and its getscript bundle from api.map.baidu.com, assets and
  // tiles from its image CDN (*.bdimg.com; no script is served from there).
  Baidu: {
    script: ['https://api.map.baidu.com', 'https://*.bdimg.com'],
    style: ['https://api.map.baidu.com', 'https://*.bdimg.com'],
    img: ['https://api.map.baidu.com', 'https://*.bdimg.com'],
    connect: ['https://api.map.baidu.com', 'https://*.bdimg.com'],
  },
  // Maps JavaScript API: the loader at maps.googleapis.com, its modules at maps.gstatic.com.
  Google: {
    script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
    style: ['https://fonts.googleapis.com'],
    img: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.ggpht.com'],
    connect: ['https://maps.googleapis.com'],
  },
  // Raster tiles only (src/maps/basemap/tiles.ts); no script.
  Yandex: {
    script: [],
    style: [],
    img: [
      'https://core-sat.maps.yandex.net',
      'https://tiles.api-maps.yandex.ru',
      'https://core-renderer-tiles.maps.yandex.net',
    ],
    connect: [
      'https://core-sat.maps.yandex.net',
      'https://tiles.api-maps.yandex.ru',
      'https://core-renderer-tiles.maps.yandex.net',
    ],
  },
  // The metadata call at dev.virtualearth.net names the tile host (ecn.t0.tiles.virtualearth.net…).
  Bing: {
    script: [],
    style: [],
    img: ['https://*.tiles.virtualearth.net'],
    connect: ['https://dev.virtualearth.net', 'https://*.tiles.virtualearth.net'],
  },
};

/** The origin of a self-hosted xyz tile template, when it is an http(s) URL; its tiles are images. */
function xyzOrigin(template: string | undefined): string | null {
  if (!template) return null;
  try {
    const u = new URL(template.replace(/\{[a-z]+\}/gi, '0'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The provider hosts the CSP allows for this mapKey setting (pure). */
export function mapSources(setting: MapKeySetting): MapSources {
  const out: MapSources = { script: [], style: [], img: [], connect: [] };
  for (const [name, src] of Object.entries(PROVIDERS)) {
    if (!keyFor(setting.keys, name)) continue;
    for (const d of ['script', 'style', 'img', 'connect'] as const) out[d].push(...src[d]);
  }
  const xyz = xyzOrigin(keyFor(setting.keys, 'xyz'));
  if (xyz) {
    out.img.push(xyz);
    out.connect.push(xyz);
  }
  for (const d of ['script', 'style', 'img', 'connect'] as const) out[d] = [...new Set(out[d])];
  return out;
}
