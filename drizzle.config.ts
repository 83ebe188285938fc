import { defineConfig } from 'drizzle-kit';

// One set of migrations serves both PGlite and PostgreSQL. The positions migration is edited
// by hand after generation (PARTITION BY RANGE): keep that edit when regenerating.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
