import { defineConfig } from 'vitest/config';

// Projects: pure unit tests, database tests, API tests and cluster tests. The database-backed
// ones share one server when DATABASE_URL is set, so their files run one at a time.
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
      {
        // Several server processes over PostgreSQL and NATS: run by .ci/run, not by default.
        extends: true,
        test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], fileParallelism: false },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
