import { describe, expect, it } from 'vitest';
import { playwrightFileTimes, slowestFiles, vitestFileTimes } from '../../scripts/test-cost-parse';

describe('test cost report', () => {
  it('reads per-file times from vitest and Playwright reports and sorts them', () => {
    const vitest = vitestFileTimes(
      {
        files: [
          { file: '/r/tests/a.test.ts', project: 'api', seconds: 3.5 },
          { file: 'b', project: 'unit', seconds: 0.5 },
        ],
      },
      'unit-db-api',
    );
    expect(vitest).toEqual([
      { file: '/r/tests/a.test.ts', seconds: 3.5, run: 'unit-db-api' },
      { file: 'b', seconds: 0.5, run: 'unit-db-api' },
    ]);
    const e2e = playwrightFileTimes(
      {
        suites: [
          {
            file: 'x.spec.ts',
            specs: [{ tests: [{ results: [{ duration: 2000 }] }] }],
            suites: [{ specs: [{ tests: [{ results: [{ duration: 6000 }] }] }] }],
          },
        ],
      },
      'e2e',
    );
    expect(e2e).toEqual([{ file: 'x.spec.ts', seconds: 8, run: 'e2e' }]);
    expect(slowestFiles([...vitest, ...e2e], 2).map((t) => t.file)).toEqual([
      'x.spec.ts',
      '/r/tests/a.test.ts',
    ]);
    expect(vitestFileTimes(null, 'x')).toEqual([]);
  });
});
