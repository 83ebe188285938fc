/**
 * Builds the database of `npm run bench:api`: a PostgreSQL database with the demo seed and a
 * bulk fleet of `count` devices on a new agent under `agent`, spread over sub-accounts.
 *
 * Seeding a million devices takes minutes (the bulk seed inserts whole columns through
 * `unnest`, 5,000 rows a statement), so the database is kept and reused: its name carries the
 * size (bench_api_1000000_50), and a comment on the database marks a seed that finished, so a
 * run interrupted half-way is seeded again rather than measured.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate, openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/index';
import { seedBulkFleet } from '../server/db/seed/bulk';

const SEEDED = 'fleetgate bench seed complete';

/** The database of one fleet size: the base URL's database name suffixed with the size. */
export function sizedUrl(base: string, devices: number, accounts: number): string {
  const u = new URL(base);
  u.pathname = `${u.pathname}_${devices}_${accounts}`;
  return u.toString();
}

function nameOf(url: string): { name: string; admin: string } {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  u.pathname = '/postgres';
  return { name, admin: u.toString() };
}

async function withAdmin<T>(url: string, f: (c: pg.Client, name: string) => Promise<T>): Promise<T> {
  const { name, admin } = nameOf(url);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await f(c, name);
  } finally {
    await c.end();
  }
}

/** True when the database exists and a previous seed of it finished. */
export async function isSeeded(url: string): Promise<boolean> {
  return withAdmin(url, async (c, name) => {
    const { rows } = await c.query<{ note: string | null }>(
      'SELECT shobj_description(oid, $2) AS note FROM pg_database WHERE datname = $1',
      [name, 'pg_database'],
    );
    return rows[0]?.note === SEEDED;
  });
}

export async function freshDatabase(url: string): Promise<void> {
  await withAdmin(url, async (c, name) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
}

export async function dropDatabase(url: string): Promise<void> {
  await withAdmin(url, (c, name) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function seedBenchDatabase(url: string, count: number, subAccounts: number) {
  const handle = await openDatabase({ url });
  try {
    await migrate(handle);
    await seedDemo(handle, { reset: true });
    await seedBulkFleet(handle.db, {
      username: 'fleetagent',
      parentUsername: 'agent',
      count,
      subAccounts,
    });
    // Fresh statistics and visibility map, as autovacuum would leave them after a bulk load of
    // this size: the counts read the device indexes without visiting the heap.
    await handle.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await handle.close();
  }
  await withAdmin(url, (c, name) => c.query(`COMMENT ON DATABASE ${name} IS '${SEEDED}'`));
}

/** Brings a reused database to the current migrations (a newer checkout may add some). */
export async function migrateBenchDatabase(url: string): Promise<void> {
  const handle = await openDatabase({ url });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
}

/** The bench agent of a seeded database. */
export async function fleetAgentId(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>("SELECT id FROM users WHERE username = 'fleetagent'");
    if (!rows[0]) throw new Error('no bench fleet in this database: run with --fresh');
    return rows[0].id;
  } finally {
    await c.end();
  }
}
