import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, database tests and API tests. The last two share one
// database when DATABASE_URL is set, so their files run one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'db', include: ['tests/db/**/*.test.ts'], fileParallelism: false },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], fileParallelism: false },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
