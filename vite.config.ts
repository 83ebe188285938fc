import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localeChunkName } from './src/i18n/chunkName';
import { directImports, purePackages } from './scripts/vite-direct-imports';
import { pwaPlugin } from './src/pwa/vitePlugin';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    pwaPlugin(),
    // Imports of antd's and the icons' index files become imports of each component's module, so
    // the login page's chunks do not carry every component the app uses (page weight, issue 18).
    directImports(['antd', '@ant-design/icons']),
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
          // Every file of one language (our JSON namespaces and antd's component texts) goes
          // into a single chunk `locale-<lng>`, loaded on demand when the language is chosen.
          // Only the language's own files: helpers they import (babel runtime, rc-picker's common
          // texts) are shared by every language and the main bundle, so they must stay out.
          groups: [{ name: localeChunkName, debugName: 'locales', priority: 10, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
