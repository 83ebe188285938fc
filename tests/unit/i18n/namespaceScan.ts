/**
 * A static scan of the namespaces a part of the app uses (tests/unit/i18n/shellNamespaces.test.ts):
 * the modules reachable from some roots by their imports, static and dynamic, and in each the
 * namespaces its texts name. Deliberately simple (regular expressions over the source): what it
 * cannot read for sure (a namespace held in a variable) is reported as unreadable, not guessed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface NamespaceUse {
  /** Namespaces named literally. */
  namespaces: Set<string>;
  /** The places whose namespace the scan cannot read, quoted. */
  unreadable: string[];
}

/** Comments talk about keys (`order:cardTypes.*`) without using them. */
const stripComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * The namespaces one module's source uses; `known` are the app's namespaces (for `ns:key` keys),
 * `notKeys` strings written like keys that are something else (permissions, `device:list`).
 */
export function namespacesIn(
  source: string,
  known: readonly string[],
  notKeys: ReadonlySet<string> = new Set(),
): NamespaceUse {
  const code = stripComments(source);
  const namespaces = new Set<string>();
  const unreadable: string[] = [];
  for (const m of code.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const arg = m[1].trim();
    // No namespace: i18next's default one (src/i18n/index.ts defaultNS).
    if (arg === '') namespaces.add('common');
    else if (/^(['"])[\w-]+\1$|^\[\s*(['"][\w-]+['"]\s*,?\s*)+\]$/.test(arg))
      for (const s of arg.matchAll(/['"]([\w-]+)['"]/g)) namespaces.add(s[1]);
    else unreadable.push(m[0]);
  }
  const key = new RegExp(`['"\`](${known.join('|')}):([^'"\`\\s]*)`, 'g');
  for (const m of code.matchAll(key)) if (!notKeys.has(`${m[1]}:${m[2]}`)) namespaces.add(m[1]);
  for (const m of code.matchAll(/\bns:\s*(['"])([\w-]+)\1/g)) namespaces.add(m[2]);
  // A namespace option, key prefix or fixed t that is not a literal.
  const variable =
    /\bns:\s*[A-Za-z_$][\w.$]*\s*[,}]|\{\s*ns\s*[,}]|\bt\(\s*`\$\{[^}`]*\}:|getFixedT\([^)]*\)/g;
  for (const m of code.matchAll(variable)) unreadable.push(m[0]);
  return { namespaces, unreadable };
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A relative or aliased (vite.config.ts) import of `from`, as a repository file; null for packages. */
function resolveImport(repo: string, from: string, spec: string): string | null {
  const aliases: Record<string, string> = { '@config/': 'config/', '@domain/': 'src/domain/' };
  const alias = Object.keys(aliases).find((a) => spec.startsWith(a));
  const base = spec.startsWith('.')
    ? resolve(dirname(join(repo, from)), spec)
    : alias
      ? join(repo, aliases[alias], spec.slice(alias.length))
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile())
      return relative(repo, candidate).split('\\').join('/');
  return null;
}

/**
 * The repository files reachable from `roots` (repository paths) by imports, type-only imports
 * aside, without entering any file `stop` says to leave out; in the order found.
 */
export function reachableModules(
  repo: string,
  roots: readonly string[],
  stop: (file: string) => boolean,
): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const m of readFileSync(join(repo, file), 'utf8').matchAll(IMPORT)) {
      if (m[1]) continue;
      const target = resolveImport(repo, file, m[2] ?? m[3]);
      if (target && !stop(target) && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen];
}
