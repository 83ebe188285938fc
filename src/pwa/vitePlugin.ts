/**
 * Build-time setup of the installable PWA (issue 18 item 3; docs/mobile.md): vite-plugin-pwa
 * writes manifest.webmanifest, links it from index.html, and builds sw.ts with the precache list.
 * Node-side code, imported only by vite.config.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import defaultBrand from '../../config/brands/default.json';
import { PWA_START_URL } from './constants';
import { shellFiles } from './routes';

/** Icons made by `npx pwa-assets-generator -c scripts/pwa-assets.config.ts` from favicon.svg. */
const ICONS = [
  { src: '/icons/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
];

export function pwaPlugin(): Plugin[] {
  // The build's output folder, known once Vite resolved its config (DIST_DIR may change it).
  let outDir = 'dist';
  const outDirProbe: Plugin = {
    name: 'fleetgate-pwa-outdir',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
  };
  return [
    outDirProbe,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      // src/pwa/register.ts registers it, in production builds only.
      injectRegister: false,
      manifest: {
        // The installed app carries the default brand; a reseller's brand shows once logged in.
        name: defaultBrand.title,
        short_name: defaultBrand.title,
        description: 'GPS tracking: live map, playback, commands and alarms',
        lang: 'zh-CN',
        theme_color: defaultBrand.colors.primary,
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'any',
        start_url: PWA_START_URL,
        scope: '/',
        icons: ICONS,
      },
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180x180.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Big chunks are listed before the filter below drops them; only the shell stays.
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        manifestTransforms: [
          (entries) => {
            // Precache the shell only: index.html and the hashed files it links. The other chunks
            // (~11 MB: every language, map and screen) are cached when first loaded. The plugin
            // itself adds the manifest, favicon and icons (includeAssets, manifest icons).
            const linked = new Set(shellFiles(readFileSync(join(outDir, 'index.html'), 'utf8')));
            const manifest = entries.filter(
              (e) => e.url === 'index.html' || (linked.has(e.url) && e.url.startsWith('assets/')),
            );
            return { manifest, warnings: [] };
          },
        ],
      },
    }),
  ];
}
