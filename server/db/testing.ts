import pg from 'pg';
import { migrate, openDatabase, type DbHandle } from './client';
import { seedDemo, type SeedOptions } from './seed/index';
import { createFromTemplate, pgliteTemplate, type TemplateKind } from './test-templates';

/**
 * A fresh, migrated database for a test file (db and api tests):
 * - without DATABASE_URL: in-memory PGlite, loaded from a template (./test-templates.ts);
 * - with DATABASE_URL: a new database `fg_test_<pid>_<n>` copied from a template database
 *   next to the given one and dropped by dispose(), so test files and projects never see each
 *   other's rows. When the role may not create databases, the given database itself is wiped
 *   instead (then run files one at a time).
 * `seed: true` gives the demo as `seedDemo` seeds it, from the seeded template.
 */
export interface TestDatabase {
  handle: DbHandle;
  db: DbHandle['db'];
  /** The PostgreSQL URL of this database (absent for PGlite), for child processes. */
  url?: string;
  /** Closes the connection and drops the temporary PostgreSQL database. */
  dispose(): Promise<void>;
}

let counter = 0;

/** Template kind for these seed options; custom ones (a clock, no history) seed after copying. */
const kindOf = (seed: boolean | SeedOptions | undefined): TemplateKind => (seed === true ? 'seeded' : 'migrated');

export async function openTestDatabase(opts: { seed?: boolean | SeedOptions } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const kind = kindOf(opts.seed);
  let handle: DbHandle;
  let cleanup = async () => {};
  let dbUrl: string | undefined;
  let copied = true;
  if (!url) {
    handle = await openDatabase({ dataDir: 'memory', loadDataDir: await pgliteTemplate(kind) });
  } else {
    const name = `fg_test_${process.pid}_${++counter}_${Date.now().toString(36)}`;
    try {
      await createFromTemplate(url, name, kind);
      const u = new URL(url);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
      handle = await openDatabase({ url: dbUrl });
      cleanup = async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => c.end());
      };
    } catch (err) {
      // Only a role without CREATEDB (42501) falls back; any other failure (a template that
      // cannot be built) must show, not wipe the given database under the other workers.
      if ((err as { code?: string }).code !== '42501') throw err;
      // Reuse the given database, emptied (then run files one at a time).
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin
        .query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
        .finally(() => admin.end());
      dbUrl = url;
      handle = await openDatabase({ url });
      await migrate(handle);
      copied = false;
    }
  }
  const seeded = kind === 'seeded' && copied;
  if (opts.seed && !seeded) await seedDemo(handle, typeof opts.seed === 'object' ? opts.seed : {});
  const dispose = async () => {
    await handle.close();
    await cleanup();
  };
  return { handle, db: handle.db, url: dbUrl, dispose };
}
