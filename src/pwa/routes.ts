/**
 * What the service worker (sw.ts) may serve from its caches. Pure, so unit-tested
 * (tests/unit/pwa-routes.test.ts). Anything not matched here goes to the network untouched:
 * API answers, map tiles and websockets are never cached (issue 18 item 3).
 */

/** Paths whose answers must always come from the server. */
export const NEVER_CACHED = [
  /^\/api(\/|$)/,
  /^\/tiles(\/|$)/,
  /^\/ws(\/|$)/,
  /^\/metrics$/,
  /^\/health$/,
  /^\/ready$/,
];

export const isNeverCached = (path: string): boolean => NEVER_CACHED.some((re) => re.test(path));

/** Vite's output: every file under /assets/ carries a content hash, so a cached copy is never stale. */
export const isHashedAsset = (path: string): boolean => path.startsWith('/assets/') && !isNeverCached(path);

/** A page load of the app (one index.html serves every route), not an API page such as /api/docs. */
export const isShellNavigation = (path: string): boolean =>
  !isNeverCached(path) && !path.startsWith('/assets/');

/** Files the app needs to start: index.html and what it links (entry script, preloads, styles). */
export function shellFiles(indexHtml: string): string[] {
  const files = new Set<string>(['index.html']);
  for (const m of indexHtml.matchAll(/(?:src|href)="\/(?!\/)([^"?#]+)[^"]*"/g)) files.add(m[1]);
  return [...files];
}
