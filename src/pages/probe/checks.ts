/**
 * The pure parts of the /_test probe page: clock skew, the browser's name, and the map
 * providers whose scripts and tiles the monitor loads (spec section 1).
 */

/**
 * How far this computer's clock is off the server's, in ms (positive: ahead). The server
 * stamped its time somewhere between sending and receiving, so the middle of the round trip
 * is compared with it.
 */
export function clockSkewMs(sentAt: number, receivedAt: number, serverTime: string): number | null {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return null;
  return Math.round((sentAt + receivedAt) / 2 - server);
}

/** A skew above this makes expiry times, tracks and alarms look wrong to the user. */
export const CLOCK_SKEW_WARN_MS = 60_000;

/** Browser name and major version from a user agent string (order matters: Edge says Chrome too). */
export function browserName(ua: string): string {
  const rules: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /Firefox\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+).*Safari/],
  ];
  for (const [name, re] of rules) {
    const m = re.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  return ua.slice(0, 60) || 'unknown';
}

/** The map providers the monitor can use and an address of each that a browser loads. */
export const MAP_PROVIDERS: readonly { name: string; url: string }[] = [
  { name: 'Baidu', url: 'https://api.map.baidu.com/' },
  { name: 'GaoDe', url: 'https://webapi.amap.com/' },
  { name: 'Google', url: 'https://maps.googleapis.com/' },
  { name: 'Yandex', url: 'https://api-maps.yandex.ru/' },
  { name: 'Bing', url: 'https://dev.virtualearth.net/' },
];
