/**
 * Builds the database of `npm run bench:api`: a fresh PostgreSQL database with the demo seed
 * and a bulk fleet of `count` devices on a new agent under `agent`, spread over sub-accounts.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate, openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/index';
import { seedBulkFleet } from '../server/db/seed/bulk';

export async function freshDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

export async function dropDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export async function seedBenchDatabase(url: string, count: number, subAccounts: number) {
  const handle = await openDatabase({ url });
  try {
    await migrate(handle);
    await seedDemo(handle, { reset: true });
    const fleet = await seedBulkFleet(handle.db, {
      username: 'fleetagent',
      parentUsername: 'agent',
      count,
      subAccounts,
    });
    // Fresh statistics, as autovacuum would have after a bulk load of this size.
    await handle.db.execute(sql`ANALYZE`);
    return fleet;
  } finally {
    await handle.close();
  }
}

/** The bench agent of a database seeded earlier (for --reuse). */
export async function fleetAgentId(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>("SELECT id FROM users WHERE username = 'fleetagent'");
    if (!rows[0]) throw new Error('no bench fleet in this database: run once with --keep first');
    return rows[0].id;
  } finally {
    await c.end();
  }
}
