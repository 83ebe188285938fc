#!/usr/bin/env node
/**
 * Builds the web app (npm run build) when dist/index.html is missing or older than any source
 * the bundle is made of, so `npm start` and the browser tests always serve the current app
 * without paying for a build when nothing changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'config', 'locales', 'public', 'index.html', 'vite.config.ts'];
const distDir = process.env.DIST_DIR ?? 'dist';
const built = join(root, distDir, 'index.html');

/** Newest modification time under a file or folder (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const stale = SOURCES.find((s) => newest(join(root, s)) > builtAt);
if (!stale) {
  console.log(`${distDir}/ is up to date`);
} else {
  console.log(builtAt ? `${distDir}/ is older than ${stale}/: building` : `${distDir}/ is missing: building`);
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
