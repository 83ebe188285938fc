/**
 * The suite's cost per test file: reads the JSON reports vitest and Playwright wrote under
 * `test-reports/` during `npm test` / `.ci/run` and prints the slowest files, so a slow
 * addition shows at once. Usage: tsx scripts/test-cost.ts [count] (default 15).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { slowestFiles, vitestFileTimes, playwrightFileTimes, type FileTime } from './test-cost-parse';

const DIR = 'test-reports';
const count = Number(process.argv[2] ?? 15);

const times: FileTime[] = [];
if (existsSync(DIR))
  for (const name of readdirSync(DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const report: unknown = JSON.parse(readFileSync(join(DIR, name), 'utf8'));
    const run = name.replace(/\.json$/, '');
    const parsed = name.startsWith('e2e') ? playwrightFileTimes(report, run) : vitestFileTimes(report, run);
    times.push(...parsed.map((t) => ({ ...t, file: relative(process.cwd(), t.file) || t.file })));
  }

if (!times.length) console.log('No test reports in test-reports/.');
else {
  // Worker-seconds per run: vitest and Playwright run files side by side, so wall time is less.
  const runs = new Map<string, { files: number; seconds: number }>();
  for (const t of times) {
    const r = runs.get(t.run) ?? { files: 0, seconds: 0 };
    runs.set(t.run, { files: r.files + 1, seconds: r.seconds + t.seconds });
  }
  console.log('Files and worker-seconds per run:');
  for (const [run, r] of runs) console.log(`${r.seconds.toFixed(0).padStart(8)}  ${run.padEnd(14)} ${r.files} files`);
  console.log(`The ${count} slowest test files (seconds, run):`);
  for (const t of slowestFiles(times, count))
    console.log(`${t.seconds.toFixed(1).padStart(8)}  ${t.run.padEnd(14)} ${t.file}`);
}
