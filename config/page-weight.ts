/**
 * Page-weight budgets (issue 18): the JavaScript a route loads up front, every script body
 * compressed with gzip -9, summed. Measured in Chromium by `npm run bench:weight` and checked
 * at build time from the Vite manifest by scripts/check-weight.ts.
 *
 * Anchor: traccar-web 6.14.5, built on the same machine, loads 526 KB of JavaScript up front
 * (63 % of it MapLibre in its entry chunk). The login page gets half of that.
 */

/** 1 KB = 1,000 bytes everywhere in these figures (as Vite prints them). */
export const KB = 1000;

export const PAGE_WEIGHT_ANCHOR_BYTES = 526 * KB;

export type BudgetedRoute = 'login' | 'monitor';

export const PAGE_WEIGHT_BUDGETS: Readonly<Record<BudgetedRoute, number>> = {
  login: 263 * KB,
  monitor: 526 * KB,
};

/**
 * The routes whose budget fails `npm run build` (both since the monitor draws on the light map
 * without a key: docs/benchmarks.md, "Page weight").
 */
export const ENFORCED_ROUTES: readonly BudgetedRoute[] = ['login', 'monitor'];

/**
 * What each route loads, as Vite manifest keys (source paths): the entry (index.html) is part of
 * every route; the others are the lazy modules the route imports when it is shown. The build
 * check sums the static closure of these; the benchmark measures what Chromium really loads.
 * `chunk:<name>` names a chunk by name: the language chunks (English, the bench's language).
 */
export const ROUTE_ROOTS: Readonly<Record<BudgetedRoute, readonly string[]>> = {
  login: ['index.html', 'chunk:locale-en'],
  monitor: [
    'index.html',
    'chunk:locale-en',
    'chunk:locale-en-errors',
    'chunk:locale-en-app',
    'src/shell/AuthenticatedApp.tsx',
    'src/i18n/appTexts.ts',
    'src/pages/monitor/MonitorPage.tsx',
    'src/maps/lite/index.ts',
  ],
};
