/**
 * The service worker (built by vite-plugin-pwa, strategy injectManifest; see docs/mobile.md).
 * - Navigations: network first, so a new build's index.html is always used when the server
 *   answers; the precached index.html only when the network fails (offline start).
 * - The shell (index.html and the files it links) is precached at install; other hashed files
 *   under /assets/ are cached when first loaded (cache first: their names change with content).
 * - Nothing else is handled: /api, /tiles, websockets and other origins go straight to the network.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isHashedAsset, isShellNavigation } from './routes';

declare const self: {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
};

// A new build takes over at once: navigations are network first, so no page keeps an old shell.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// Registered before the precache route, so "/" and every app path are network first.
registerRoute(
  ({ url, request }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isShellNavigation(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('index.html')) ?? Response.error();
    }
  },
);
// Only the navigation route above answers "/": no directory index, no clean URLs from the precache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.mode !== 'navigate' && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: 'fleetgate-assets',
    // Each language and map has its own chunks: keep the ones used lately, not every build's.
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
