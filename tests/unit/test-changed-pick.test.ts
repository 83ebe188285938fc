import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiTestsFor, wordsOf } from '../../scripts/test-changed-pick';

const parts = (f: string) => ({ name: basename(f), folder: basename(dirname(f)) });
const tests = new Map([
  ['tests/api/payments.test.ts', "import { startHarness } from './harness';"],
  ['tests/api/payment-notices.test.ts', "import { eventRefusal } from '../../server/services/payment/notice-rules';"],
  ['tests/api/stock.test.ts', "import { startHarness } from './harness';"],
  ['tests/db/retention.test.ts', "import { prune } from '../../server/jobs/retention';"],
]);

describe('API tests a change touches', () => {
  it('splits names into singular words, without the common ones', () => {
    expect(wordsOf('payment-notices.test.ts')).toEqual(['payment', 'notice']);
    expect(wordsOf('deviceList.tsx')).toEqual(['device']);
  });

  it('picks by shared word of the file or its folder', () => {
    expect(apiTestsFor(['server/services/payment/flow.ts'], tests, parts)).toEqual([
      'tests/api/payment-notices.test.ts',
      'tests/api/payments.test.ts',
    ]);
  });

  it('picks a test that imports the changed module, and a changed test itself', () => {
    expect(apiTestsFor(['server/jobs/retention.ts'], tests, parts)).toEqual(['tests/db/retention.test.ts']);
    expect(apiTestsFor(['tests/api/stock.test.ts'], tests, parts)).toEqual(['tests/api/stock.test.ts']);
  });

  it('picks nothing for a change no test names', () => {
    expect(apiTestsFor(['src/pages/help/TryIt.tsx'], tests, parts)).toEqual([]);
  });
});
