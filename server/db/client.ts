import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { ensurePositionPartitions } from './partitions';

export { schema };
export type Schema = typeof schema;

/**
 * The database type the API is written against: both the PGlite and the node-postgres
 * drizzle instances (and their transactions) are assignable to it. Rows from `execute()` are
 * in `.rows` with both drivers.
 */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

export interface DbQueryResult<TRow> {
  rows: TRow[];
}

/** What `db.execute()` resolves to with either driver: the common part, `rows`. */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<this['row']>;
}

export type DbHandle =
  | { kind: 'pglite'; db: Db; raw: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; raw: pg.Pool; close(): Promise<void> };

export interface OpenOptions {
  /** PostgreSQL URL; defaults to env DATABASE_URL. When absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory' for an in-memory database. Default ./data/pglite. */
  dataDir?: string;
  /** A PGlite data directory dumped by `dumpDataDir`, to start from instead of an empty one. */
  loadDataDir?: Blob | File;
}

/** Resolved from this file, not the working directory, so tests and scripts find it too. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export const DEFAULT_PGLITE_DIR = './data/pglite';

export async function openDatabase(opts: OpenOptions = {}): Promise<DbHandle> {
  const url = opts.url ?? process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
    const db: Db = drizzlePg({ client: pool, schema });
    return { kind: 'postgres', db, raw: pool, close: () => pool.end() };
  }
  const dir = opts.dataDir ?? DEFAULT_PGLITE_DIR;
  let dataDir: string;
  if (dir === 'memory' || dir === 'memory://') {
    dataDir = 'memory://';
  } else {
    dataDir = resolve(dir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  const db: Db = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, raw: client, close: () => client.close() };
}

/** Months of position partitions created at start: the previous one (recent history), the
 *  current one and two ahead, so a server that runs for weeks without restart is covered. */
const PARTITION_MONTHS_BACK = 1;
const PARTITION_MONTHS_AHEAD = 2;

/** Position partitions the server should ensure now (start, and a daily timer). */
export function ensureCurrentPositionPartitions(db: Db, now = new Date()): Promise<string[]> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - PARTITION_MONTHS_BACK, 1));
  return ensurePositionPartitions(db, from, PARTITION_MONTHS_BACK + 1 + PARTITION_MONTHS_AHEAD);
}

// Arbitrary constant: serialises migrations of several nodes starting at once.
const MIGRATION_LOCK_KEY = 774_201_000;

/** Applies pending migrations with the driver's migrator, then ensures position partitions. */
export async function migrate(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, config);
  } else {
    // The lock is held on a dedicated connection while the migrator uses the pool.
    const lockClient = await handle.raw.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(handle.db as never, config);
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  }
  await ensureCurrentPositionPartitions(handle.db);
}
