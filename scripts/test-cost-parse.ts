/** Per-file durations out of vitest's and Playwright's JSON reports (pure, unit-tested). */

export interface FileTime {
  file: string;
  seconds: number;
  /** Which run it came from (the report's name: unit-db-api, api-postgres, e2e, …). */
  run: string;
}

type Json = Record<string, unknown>;
const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Our vitest reporter (scripts/vitest-cost-reporter.ts): each file's whole cost, setup included. */
export function vitestFileTimes(report: unknown, run: string): FileTime[] {
  return arr((report as Json)?.files).map((r) => ({
    file: String(r.file ?? '?'),
    seconds: Math.max(0, num(r.seconds)),
    run,
  }));
}

/** Playwright's json reporter: suites per file; a file's time is the sum of its tests' results. */
export function playwrightFileTimes(report: unknown, run: string): FileTime[] {
  const perFile = new Map<string, number>();
  const walk = (suite: Json, file: string) => {
    const f = typeof suite.file === 'string' ? suite.file : file;
    for (const spec of arr(suite.specs))
      for (const test of arr(spec.tests))
        for (const result of arr(test.results)) perFile.set(f, (perFile.get(f) ?? 0) + num(result.duration));
    for (const child of arr(suite.suites)) walk(child, f);
  };
  for (const s of arr((report as Json)?.suites)) walk(s, '?');
  return [...perFile].map(([file, ms]) => ({ file, seconds: ms / 1000, run }));
}

export function slowestFiles(times: FileTime[], count: number): FileTime[] {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}
