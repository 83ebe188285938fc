/**
 * The developer's fast loop (`npm run test:changed [-- <base>]`, docs/testing.md): typecheck,
 * lint of the changed files, the unit tests that import them, and the database and API tests
 * that name them. "Changed" is against <base> (default HEAD: the uncommitted work), new files
 * included. The whole suite stays `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { apiTestsFor } from './test-changed-pick';

const base = process.argv[2] ?? 'HEAD';
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((f) => existsSync(f) && /\.(ts|tsx)$/.test(f));

function run(label: string, cmd: string, args: string[]): void {
  const started = Date.now();
  console.log(`== ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`   ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!changed.length) {
  console.log(`nothing changed against ${base}`);
  process.exit(0);
}
console.log(`${changed.length} changed file(s) against ${base}`);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', ...changed]);

const listDir = (dir: string) =>
  readdirSync(dir).filter((f) => f.endsWith('.test.ts')).map((f) => join(dir, f));
const dbApiTests = [...listDir('tests/api'), ...listDir('tests/db')];
const contents = new Map(dbApiTests.map((f) => [f, readFileSync(f, 'utf8')]));
const picked = apiTestsFor(changed, contents, (f) => ({ name: basename(f), folder: basename(dirname(f)) }));
console.log(picked.length ? `database and API tests: ${picked.join(' ')}` : 'no database or API test names a changed file');

// Unit tests follow imports exactly (vitest --changed); API tests all import the whole server
// through the harness, so they are picked by name instead (./test-changed-pick.ts).
run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--changed', base, '--passWithNoTests']);
if (picked.length) run('database and API tests', 'npx', ['vitest', 'run', '--project', 'db', '--project', 'api', ...picked]);
