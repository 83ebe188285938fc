import pg from 'pg';
import { migrate, openDatabase, type DbHandle } from './client';
import { seedDemo, type SeedOptions } from './seed/index';

/**
 * A fresh, migrated database for a test file (db and api tests):
 * - without DATABASE_URL: in-memory PGlite (about 4 s to start, so open one per file);
 * - with DATABASE_URL: a new database `fg_test_<pid>_<n>` created next to the given one and
 *   dropped by dispose(), so test files and projects never see each other's rows. When the
 *   role may not create databases, the given database itself is wiped instead (then run
 *   files one at a time).
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

export async function openTestDatabase(opts: { seed?: boolean | SeedOptions } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  let handle: DbHandle;
  let cleanup = async () => {};
  let dbUrl: string | undefined;
  if (!url) {
    handle = await openDatabase({ dataDir: 'memory' });
  } else {
    const name = `fg_test_${process.pid}_${++counter}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let created = false;
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      created = true;
    } catch {
      // No CREATEDB privilege: reuse the given database, emptied.
      await admin.query(
        'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
      );
    } finally {
      await admin.end();
    }
    if (created) {
      const u = new URL(url);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
      handle = await openDatabase({ url: dbUrl });
      cleanup = async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => c.end());
      };
    } else {
      dbUrl = url;
      handle = await openDatabase({ url });
    }
  }
  await migrate(handle);
  if (opts.seed) await seedDemo(handle, typeof opts.seed === 'object' ? opts.seed : {});
  const dispose = async () => {
    await handle.close();
    await cleanup();
  };
  return { handle, db: handle.db, url: dbUrl, dispose };
}
