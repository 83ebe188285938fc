/**
 * Hosts the keyed map providers load from (src/maps/scene.ts scripts, basemap/tiles.ts tiles),
 * added to the Content Security Policy of server/app.ts. Without them the browser refuses the
 * provider's script and the monitor falls back to the offline map whatever the mapKey setting.
 * A self-hosted xyz tile server is not listed: serve it from the app's own origin, or add its
 * host here.
 */
const BAIDU = [
  'https://api.map.baidu.com',
  'https://*.baidu.com',
  'https://*.bdimg.com',
  'https://*.bdstatic.com',
];
const GAODE = ['https://webapi.amap.com', 'https://*.amap.com', 'https://*.is.autonavi.com'];
const GOOGLE = [
  'https://maps.googleapis.com',
  'https://*.googleapis.com',
  'https://*.gstatic.com',
  'https://*.google.com',
];
const YANDEX = ['https://*.yandex.net', 'https://*.api-maps.yandex.ru', 'https://*.maps.yandex.net'];
const BING = ['https://dev.virtualearth.net', 'https://*.virtualearth.net'];

export const MAP_PROVIDER_SOURCES = {
  script: [...BAIDU, ...GAODE, ...GOOGLE],
  img: [...BAIDU, ...GAODE, ...GOOGLE, ...YANDEX, ...BING],
  connect: [...BAIDU, ...GAODE, ...GOOGLE, ...YANDEX, ...BING],
  style: [...BAIDU, ...GAODE, 'https://fonts.googleapis.com'],
} as const;
