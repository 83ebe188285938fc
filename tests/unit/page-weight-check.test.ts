import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import {
  chunkName,
  failsBudget,
  formatWeights,
  gzipSize,
  overBudget,
  routeFiles,
  routeWeight,
  type Manifest,
} from '../../scripts/check-weight';

// A manifest shaped as Vite writes it: an entry, shared chunks, a lazy route, a named language chunk.
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-0a1b2c3d.js', imports: ['_react-11111111.js'], dynamicImports: ['src/Page.tsx'] },
  '_react-11111111.js': { file: 'assets/react-11111111.js', imports: ['_shared-22222222.js'] },
  '_shared-22222222.js': { file: 'assets/shared-22222222.js', imports: ['_react-11111111.js'] },
  'src/Page.tsx': { file: 'assets/Page-33333333.js', imports: ['_shared-22222222.js', '_page-44444444.css'], dynamicImports: ['_heavy-55555555.js'] },
  '_page-44444444.css': { file: 'assets/page-44444444.css' },
  '_heavy-55555555.js': { file: 'assets/heavy-55555555.js' },
  '_locale-en-IN-66666666.js': { file: 'assets/locale-en-IN-66666666.js', name: 'locale-en-IN' },
  '_locale-en-77777777.js': { file: 'assets/locale-en-77777777.js', name: 'locale-en' },
};

describe('a route from the Vite manifest', () => {
  it('is its roots and their static imports, once each, without CSS or dynamic imports', () => {
    expect(routeFiles(MANIFEST, ['index.html']).sort()).toEqual(['assets/index-0a1b2c3d.js', 'assets/react-11111111.js', 'assets/shared-22222222.js']);
    expect(routeFiles(MANIFEST, ['index.html', 'src/Page.tsx'])).toHaveLength(4);
  });
  it('names a chunk by its name: locale-en is not locale-en-IN', () => {
    expect(routeFiles(MANIFEST, ['chunk:locale-en'])).toEqual(['assets/locale-en-77777777.js']);
  });
  it('fails loudly on a root the manifest does not have (a renamed file)', () => {
    expect(() => routeFiles(MANIFEST, ['src/Gone.tsx'])).toThrow(/not in the Vite manifest/);
    expect(() => routeFiles(MANIFEST, ['chunk:maps'])).toThrow(/no chunk named "maps"/);
  });
});

describe('chunk names and sizes', () => {
  it('drops the content hash', () => {
    expect(chunkName('assets/locale-en-IN-19637c94.js')).toBe('locale-en-IN');
    expect(chunkName('http://127.0.0.1:8080/assets/index-2db5be36.js?v=1')).toBe('index');
    expect(chunkName('/sw.js')).toBe('sw');
  });
  it('counts gzip at level 9', () => {
    const body = 'const a = 1;\n'.repeat(500);
    expect(gzipSize(body)).toBe(gzipSync(body, { level: 9 }).length);
    expect(gzipSize(body)).toBeLessThan(body.length / 10);
  });
});

describe('budgets', () => {
  const chunks = [
    { name: 'small', file: 'a', raw: 300, gzip: 100 },
    { name: 'big', file: 'b', raw: 900, gzip: 300 },
  ];
  it('sums the chunks, heaviest first, and compares with the budget', () => {
    const w = routeWeight('login', chunks, 500);
    expect([w.raw, w.gzip, w.chunks[0].name]).toEqual([1200, 400, 'big']);
    expect(overBudget(w)).toBe(false);
    expect(overBudget(routeWeight('login', chunks, 400))).toBe(true);
    expect(failsBudget(routeWeight('login', chunks, 400))).toBe(true);
  });
  it('reports a route over a budget that is not enforced without failing', () => {
    const w = routeWeight('monitor', chunks, 300, false);
    expect([overBudget(w), failsBudget(w)]).toEqual([true, false]);
    expect(formatWeights([w])).toMatch(/monitor total \(2 files\)\s+1\.2\s+0\.4\s+budget 0\.3: ratio 1\.33 OVER BUDGET \(not enforced yet\)/);
  });
  it('prints the ratio to the budget and folds the smallest chunks', () => {
    const text = formatWeights([routeWeight('login', chunks, 500)], { chunksPerRoute: 1 });
    expect(text).toMatch(/big\s+0\.9\s+0\.3/);
    expect(text).toMatch(/\(1 more\)\s+0\.3\s+0\.1/);
    expect(text).toMatch(/ratio 0\.80 met/);
  });
});
