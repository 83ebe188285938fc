import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Build plugin: `import { Button, Menu as M } from 'antd'` becomes imports of the modules that
 * define Button and Menu (`antd/es/button`, `antd/es/menu`), in our code and in packages alike.
 *
 * Why (page weight, issue 18): the bundler splits code by what each entry reaches through static
 * imports, and an import of a package's index file (a "barrel") reaches every component the
 * index re-exports that any page uses. One `import { Button } from 'antd'` on the login page so
 * put antd's menu, tabs and table code into chunks the login page loads. Rolldown's own
 * experimental lazyBarrel option only skips compiling unused re-exports; it leaves those edges.
 */

/** Where one export of a barrel is defined: the module path (package-relative) and its name there. */
export interface ExportTarget {
  module: string;
  imported: string;
}

const EXPORT_FROM = /export\s*(\*|\{([^}]*)\})\s*from\s*['"]([^'"]+)['"]/g;

/**
 * The `export { a as b } from './x'` and `export * from './y'` statements of a barrel, followed
 * through `export *`, as a map of exported name → defining module. `read` finds a module by its
 * package-relative path without extension (`es/icons` may be `es/icons.js` or `es/icons/index.js`)
 * and returns its file (package-relative) and source.
 */
export function barrelExports(
  read: (path: string) => { file: string; source: string } | null,
  entry: string,
): Map<string, ExportTarget> {
  const out = new Map<string, ExportTarget>();
  const visit = (path: string) => {
    const found = read(path);
    if (found === null) return;
    for (const m of found.source.matchAll(EXPORT_FROM)) {
      const target = join(dirname(found.file), m[3]);
      if (m[1] === '*') {
        visit(target);
        continue;
      }
      for (const spec of m[2].split(',')) {
        const [imported, exported = imported] = spec.trim().split(/\s+as\s+/);
        if (imported && !out.has(exported)) out.set(exported, { module: target, imported });
      }
    }
  };
  visit(entry);
  return out;
}

const IMPORT_NAMED = (pkg: string) =>
  new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace(/[/.]/g, '\\$&')}['"];?`, 'g');

/**
 * Rewrites the named imports of `pkg` in `code` into direct imports; names the map does not know
 * stay with the barrel. Returns null when nothing changed.
 */
export function rewriteImports(code: string, pkg: string, exports: Map<string, ExportTarget>): string | null {
  let changed = false;
  const next = code.replace(IMPORT_NAMED(pkg), (whole, list: string) => {
    const direct: string[] = [];
    const kept: string[] = [];
    for (const spec of list.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [name, local = name] = spec.split(/\s+as\s+/);
      const target = exports.get(name);
      if (target) direct.push(`import { ${target.imported} as ${local} } from '${pkg}/${target.module}';`);
      else kept.push(spec);
    }
    if (direct.length === 0) return whole;
    changed = true;
    return [...direct, ...(kept.length ? [`import { ${kept.join(', ')} } from '${pkg}';`] : [])].join('\n');
  });
  return changed ? next : null;
}

/** The plugin, for packages whose ES index only re-exports side-effect-free modules. */
export function directImports(packages: readonly string[]): Plugin {
  const require = createRequire(import.meta.url);
  const maps = new Map<string, Map<string, ExportTarget>>();
  for (const pkg of packages) {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { module?: string };
    const entry = relative(root, join(root, manifest.module ?? 'es/index.js')).replace(/\.js$/, '');
    const read = (path: string) => {
      for (const file of [`${path}.js`, join(path, 'index.js')]) {
        try {
          return { file, source: readFileSync(join(root, file), 'utf8') };
        } catch {
          // not this one
        }
      }
      return null;
    };
    maps.set(pkg, barrelExports(read, entry));
  }
  return {
    name: 'fleetgate:direct-imports',
    apply: 'build',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0])) return null;
      let out = code;
      let changed = false;
      for (const [pkg, exports] of maps) {
        if (!out.includes(pkg)) continue;
        const next = rewriteImports(out, pkg, exports);
        if (next !== null) {
          out = next;
          changed = true;
        }
      }
      return changed ? { code: out, map: null } : null;
    },
  };
}

/**
 * Build plugin: modules of these packages have no side effects on import. Packages without a
 * `sideEffects` field in their package.json are kept whole whenever anything imports them, used
 * or not: refine's bundles import react-markdown (its MarkdownField), papaparse (CSV import) and
 * a stack-trace parser (devtools) at the top, which put about 30 KB gzip of unused code into the
 * signed-in app's first chunk.
 */
export function purePackages(test: RegExp): Plugin {
  return {
    name: 'fleetgate:pure-packages',
    apply: 'build',
    transform(code, id) {
      return test.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}
