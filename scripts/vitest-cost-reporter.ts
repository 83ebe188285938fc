import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes each test file's whole cost (import, hooks and tests: what a worker spent on it) to
 * VITEST_COST_FILE, for scripts/test-cost.ts. vitest's JSON report times only the tests, which
 * hides a file's database setup.
 */
export default class CostReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const out = process.env.VITEST_COST_FILE;
    if (!out) return;
    const files = modules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: relative(process.cwd(), m.moduleId), project: m.project.name, seconds: ms / 1000 };
    });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ files }, null, 1));
  }
}
