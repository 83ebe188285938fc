import { defineConfig } from 'vitest/config';
import engineDependent from './tests/engine-dependent.json' with { type: 'json' };

// Projects: pure unit tests, database tests, API tests and cluster tests (docs/testing.md). Every
// db and api test file opens its own database (in-memory PGlite, or a database of its own created
// next to DATABASE_URL, both copied from a template: server/db/testing.ts), so two files run side
// by side, one per core. `engine` is the db and api files whose outcome can depend on the engine
// (tests/engine-dependent.json): .ci/run runs db and api on PostgreSQL, then `engine` on PGlite.
// The cluster files start several server processes each and run one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'db', include: ['tests/db/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'engine', include: Object.keys(engineDependent.files) },
      },
      {
        // Several server processes over PostgreSQL and NATS: run by .ci/run, not by default.
        extends: true,
        test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], fileParallelism: false },
      },
    ],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
