import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localeChunkName } from './src/i18n/chunkName';
import { directImports, purePackages } from './scripts/vite-direct-imports';
import { cutSections, replaceFiles, WEBGPU_CUT } from './scripts/vite-slim-packages';
import { pwaPlugin } from './src/pwa/vitePlugin';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    pwaPlugin(),
    // Imports of antd's and the icons' index files become imports of each component's module, so
    // the login page's chunks do not carry every component the app uses (page weight, issue 18).
    directImports(['antd', '@ant-design/icons']),
    // The WebGPU half of L7's device layer, which the app never uses and the bundler cannot drop.
    cutSections([WEBGPU_CUT]),
    // L7's layers build their drawing model from a table of every shape kind (3D, globe, arcs, …):
    // tables of the kinds the app draws (src/maps/l7-slim/*Models.ts).
    replaceFiles({
      '@antv/l7-layers/es/point/models/index.js': here('./src/maps/l7-slim/pointModels.ts'),
      '@antv/l7-layers/es/line/models/index.js': here('./src/maps/l7-slim/lineModels.ts'),
      '@antv/l7-layers/es/polygon/models/index.js': here('./src/maps/l7-slim/polygonModels.ts'),
      // Built by the tile picking service, its union of polygons never used (see the file).
      '@antv/l7-layers/es/tile/service/TileSourceService.js': here('./src/maps/l7-slim/TileSourceService.ts'),
    }),
    // Side-effect-free packages that do not say so: unused, they are left out (page weight).
    purePackages(
      /[\\/]node_modules[\\/](react-markdown|papaparse|pluralize|error-stack-parser|stackframe|unified|vfile[^\\/]*|micromark[^\\/]*|mdast-util-[^\\/]*|remark-[^\\/]*|property-information|space-separated-tokens|comma-separated-tokens|style-to-object)[\\/]/,
    ),
  ],
  resolve: {
    alias: [
      { find: '@config', replacement: here('./config') },
      { find: '@domain', replacement: here('./src/domain') },
      // L7's packages import each other's indexes, which load every layer kind, data parser and
      // map control: these slim indexes give what the app uses (src/maps/l7.ts; page weight).
      { find: /^@antv\/l7-layers$/, replacement: here('./src/maps/l7-slim/layers.ts') },
      { find: /^@antv\/l7-source$/, replacement: here('./src/maps/l7-slim/source.ts') },
      { find: /^@antv\/l7-component$/, replacement: here('./src/maps/l7-slim/component.ts') },
      // qs's cycle maps on a plain Map, without object-inspect and get-intrinsic (src/shell/slim/).
      { find: /^side-channel$/, replacement: here('./src/shell/slim/side-channel.cjs') },
      // Their package.json "browser" field names a prebuilt UMD bundle, which Vite prefers to the
      // ES modules: the whole library in one piece, without tree-shaking.
      { find: /^polygon-clipping$/, replacement: 'polygon-clipping/dist/polygon-clipping.esm.js' },
    ],
  },
  server: {
    // The API server (npm start) listens on 8080; the dev server forwards to it.
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // .vite/manifest.json: each chunk's imports, read by scripts/check-weight.ts (page weight budgets).
    manifest: true,
    // BUILD_MINIFY=0: readable function names in CPU profiles and traces (bench:monitor --trace).
    ...(process.env.BUILD_MINIFY === '0' ? { minify: false } : {}),
    rolldownOptions: {
      output: {
        // Hex hashes keep chunk names parseable: `locale-en-IN-<hex>` can never be read as `en`.
        hashCharacters: 'hex',
        codeSplitting: {
          // The files of one language (our JSON namespaces and antd's component texts) go into
          // one chunk per text group (`locale-<lng>`, `-errors`, `-app`, `-screens`: src/i18n/groups.ts),
          // each loaded on demand when the language is shown and the page needs the group.
          // Only the language's own files: helpers they import (babel runtime, rc-picker's common
          // texts) are shared by every language and the main bundle, so they must stay out.
          groups: [{ name: localeChunkName, debugName: 'locales', priority: 10, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
