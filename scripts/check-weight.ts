/**
 * npm run build's page-weight check (issue 18): after `vite build`, sums the JavaScript each
 * budgeted route loads up front, from the Vite manifest (dist/.vite/manifest.json), every chunk
 * compressed with gzip -9, and fails the build when a route is over its budget
 * (config/page-weight.ts). `npm run bench:weight` measures the same in Chromium.
 *
 *   tsx scripts/check-weight.ts [--dist <dir>]   (default DIST_DIR or dist)
 *   PAGE_WEIGHT_SCALE=0.5 halves every budget (to see the check fail).
 *   BUILD_MINIFY=0 (a build for readable profiles) prints the weights without failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ENFORCED_ROUTES, KB, PAGE_WEIGHT_BUDGETS, ROUTE_ROOTS, type BudgetedRoute } from '../config/page-weight';

/** The parts of a Vite manifest entry the check reads. */
export interface ManifestChunk {
  file: string;
  /** The chunk's name (`locale-en`, `maps`): what `chunk:` roots match. */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkWeight {
  /** The file name without its content hash: `index`, `maps`, `locale-en`. */
  name: string;
  file: string;
  raw: number;
  gzip: number;
}

export interface RouteWeight {
  route: string;
  chunks: ChunkWeight[];
  raw: number;
  gzip: number;
  budget?: number;
  /** False: over budget is reported, not a failure (config/page-weight.ts ENFORCED_ROUTES). */
  enforced?: boolean;
}

/** gzip -9 size of a body, as both the check and the benchmark count it. */
export const gzipSize = (body: Uint8Array | string): number => gzipSync(body, { level: 9 }).length;

/** `assets/locale-en-IN-1a2b3c4d.js` → `locale-en-IN` (hashes are hex: vite.config.ts). */
export function chunkName(fileOrUrl: string): string {
  const base = fileOrUrl.split(/[?#]/)[0].split('/').pop() ?? fileOrUrl;
  return base.replace(/-[0-9a-f]{8,}(?=\.[a-z]+$)/, '').replace(/\.m?js$/, '');
}

/**
 * The JavaScript files a route loads before it is usable: its roots and, recursively, their
 * static imports (what the browser fetches with them). Dynamic imports are not followed: they
 * load on demand, and a route that needs one up front names it among its roots.
 * `chunk:<name>` roots name a chunk by its name (the language chunks are not keyed by a source).
 */
export function routeFiles(manifest: Manifest, roots: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`page weight: "${key}" is not in the Vite manifest (renamed? update config/page-weight.ts)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const root of roots) {
    if (!root.startsWith('chunk:')) visit(root);
    else {
      const name = root.slice('chunk:'.length);
      const key = Object.keys(manifest).find((k) => manifest[k].name === name);
      if (!key) throw new Error(`page weight: no chunk named "${name}" in the Vite manifest (update config/page-weight.ts)`);
      visit(key);
    }
  }
  return [...files];
}

/** Sums chunk weights into a route's figure, heaviest chunk first. */
export function routeWeight(route: string, chunks: ChunkWeight[], budget?: number, enforced = true): RouteWeight {
  const sorted = [...chunks].sort((a, b) => b.gzip - a.gzip);
  return {
    route,
    chunks: sorted,
    raw: sorted.reduce((s, c) => s + c.raw, 0),
    gzip: sorted.reduce((s, c) => s + c.gzip, 0),
    budget,
    enforced,
  };
}

export const overBudget = (w: RouteWeight): boolean => w.budget !== undefined && w.gzip >= w.budget;
/** Over a budget that fails the build. */
export const failsBudget = (w: RouteWeight): boolean => overBudget(w) && w.enforced !== false;

const kb = (n: number) => (n / KB).toFixed(1);

/** A plain-text table: each chunk of each route, then the route's total and its budget ratio. */
export function formatWeights(weights: RouteWeight[], { chunksPerRoute = 12 } = {}): string {
  const lines: string[] = [];
  const row = (a: string, raw: string, gz: string, note = '') =>
    `${a.padEnd(34)} ${raw.padStart(10)} ${gz.padStart(10)}  ${note}`.trimEnd();
  lines.push(row('route / chunk', 'raw KB', 'gzip-9 KB'));
  for (const w of weights) {
    lines.push(row(`${w.route}`, '', ''));
    const shown = w.chunks.slice(0, chunksPerRoute);
    for (const c of shown) lines.push(row(`  ${c.name}`, kb(c.raw), kb(c.gzip)));
    const rest = w.chunks.slice(chunksPerRoute);
    if (rest.length > 0) {
      const sum = (f: (c: ChunkWeight) => number) => rest.reduce((s, c) => s + f(c), 0);
      lines.push(row(`  (${rest.length} more)`, kb(sum((c) => c.raw)), kb(sum((c) => c.gzip))));
    }
    const verdict =
      w.budget === undefined
        ? '(no budget)'
        : `budget ${kb(w.budget)}: ratio ${(w.gzip / w.budget).toFixed(2)} ` +
          (!overBudget(w) ? 'met' : w.enforced === false ? 'OVER BUDGET (not enforced yet)' : 'OVER BUDGET');
    lines.push(row(`  = ${w.route} total (${w.chunks.length} files)`, kb(w.raw), kb(w.gzip), verdict));
  }
  return lines.join('\n');
}

/** The budgets, each multiplied by `scale` (PAGE_WEIGHT_SCALE shows the check failing). */
export function scaledBudgets(scale: number): Record<BudgetedRoute, number> {
  const out = {} as Record<BudgetedRoute, number>;
  for (const [r, b] of Object.entries(PAGE_WEIGHT_BUDGETS) as [BudgetedRoute, number][]) out[r] = Math.round(b * scale);
  return out;
}

function main() {
  const i = process.argv.indexOf('--dist');
  const dist = i > 0 ? process.argv[i + 1] : (process.env.DIST_DIR ?? 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const scale = Number(process.env.PAGE_WEIGHT_SCALE ?? 1);
  const budgets = scaledBudgets(scale);
  // The service worker (src/pwa) is not in the manifest; every page registers it after loading.
  const everyPage = existsSync(join(dist, 'sw.js')) ? ['sw.js'] : [];
  const weights = (Object.keys(ROUTE_ROOTS) as BudgetedRoute[]).map((route) => {
    const chunks = [...routeFiles(manifest, ROUTE_ROOTS[route]), ...everyPage].map((file) => {
      const body = readFileSync(join(dist, file));
      return { name: chunkName(file), file, raw: body.length, gzip: gzipSize(body) };
    });
    return routeWeight(route, chunks, budgets[route], ENFORCED_ROUTES.includes(route));
  });
  console.log(`page weight (static closure from ${dist}/.vite/manifest.json, gzip -9${scale !== 1 ? `, budgets × ${scale}` : ''}):`);
  console.log(formatWeights(weights, { chunksPerRoute: 6 }));
  const over = weights.filter(failsBudget);
  // An unminified build (BUILD_MINIFY=0, for readable CPU profiles) is not what users load.
  if (process.env.BUILD_MINIFY === '0') {
    console.log('page weight: budgets not checked on an unminified build (BUILD_MINIFY=0)');
    return;
  }
  if (over.length > 0) {
    console.error(
      `page weight: ${over.map((w) => `${w.route} ${kb(w.gzip)} KB ≥ budget ${kb(w.budget!)} KB`).join(', ')}. ` +
        'Load the new code lazily (see docs/benchmarks.md, "Page weight") or justify a new budget in config/page-weight.ts.',
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
