import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCurrentPositionPartitions, migrate, type Db } from '../../server/db/client';
import {
  ensurePositionPartitions,
  listPositionPartitions,
  positionPartitionName,
} from '../../server/db/partitions';
import { positions } from '../../server/db/schema/positions';
import { allTableNames } from '../../server/db/seed/index';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';

let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t?.dispose();
});

const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(q)).rows;

describe(`migrations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates every table of the schema', async () => {
    const tables = await rows<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = new Set(tables.map((r) => r.name));
    for (const name of allTableNames()) expect(names, name).toContain(name);
    expect(allTableNames().length).toBeGreaterThanOrEqual(24);
  });

  it('is idempotent', async () => {
    await expect(migrate(t.handle)).resolves.toBeUndefined();
  });

  it('partitions positions by range of fix_time with a default partition', async () => {
    const [p] = await rows<{ strategy: string; key: string }>(sql`
      SELECT partstrat AS strategy, pg_get_partkeydef('positions'::regclass) AS key
      FROM pg_partitioned_table WHERE partrelid = 'positions'::regclass`);
    expect(p).toEqual({ strategy: 'r', key: 'RANGE (fix_time)' });
    const [d] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'positions'::regclass AND c.relname = 'positions_default'
        AND pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT'`);
    expect(d.n).toBe(1);
  });

  it('has monthly partitions around the current month', async () => {
    const now = new Date();
    const names = await listPositionPartitions(db);
    for (const offset of [-1, 0, 1, 2]) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      expect(names).toContain(positionPartitionName(month));
    }
    expect(await ensureCurrentPositionPartitions(db)).toEqual([]);
  });

  it('routes a position row to the partition of its month', async () => {
    const fixTime = new Date();
    const [row] = await db
      .insert(positions)
      .values({ deviceId: 1, fixTime, lat: 39.91, lon: 116.4, speed: 12.5, course: 90, attributes: { a: 1 } })
      .returning();
    expect(row.positionType).toBe('gps');
    const [where] = await rows<{ part: string }>(
      sql`SELECT tableoid::regclass::text AS part FROM positions WHERE device_id = 1 AND fix_time = ${fixTime.toISOString()}::timestamptz`,
    );
    expect(where.part).toBe(positionPartitionName(fixTime));
  });

  it('creates a partition for a month whose rows already sit in the default partition', async () => {
    const fixTime = new Date(Date.UTC(2035, 4, 17, 8, 30));
    await db.insert(positions).values({ deviceId: 2, fixTime, lat: 22.54, lon: 114.06 });
    const [before] = await rows<{ part: string }>(
      sql`SELECT tableoid::regclass::text AS part FROM positions WHERE device_id = 2`,
    );
    expect(before.part).toBe('positions_default');

    const created = await ensurePositionPartitions(db, new Date(Date.UTC(2035, 4, 1)), 2);
    expect(created).toEqual(['positions_y2035m05', 'positions_y2035m06']);
    const after = await rows<{ part: string; t: string }>(
      sql`SELECT tableoid::regclass::text AS part FROM positions WHERE device_id = 2`,
    );
    expect(after).toHaveLength(1);
    expect(after[0].part).toBe('positions_y2035m05');
    // The moved partition got the parent's indexes when it was attached.
    const [idx] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'positions_y2035m05'`,
    );
    expect(idx.n).toBeGreaterThanOrEqual(1);
    expect(await ensurePositionPartitions(db, new Date(Date.UTC(2035, 4, 1)), 2)).toEqual([]);
  });
});
