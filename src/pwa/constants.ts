/** Where the installed app opens (the monitor; issue 18 item 3). */
export const PWA_START_URL = '/index/home';
/** The service worker's file, written by vite-plugin-pwa at the root of the build. */
export const SW_URL = '/sw.js';
