import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { ensurePositionPartitions } from '../../server/db/partitions';
import { positions } from '../../server/db/schema/positions';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { insertPositions } from '../../server/ingest/position-sql';
import { positionRecord } from '../support/position-record';

/** One fix per device and fix time (migration 0016): resent fixes are stored once. */
let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t?.dispose();
});

const record = (deviceId: number, fixTime: Date, lat = 22.5) =>
  positionRecord(deviceId, fixTime, { lat, lon: 114 });

const countAt = async (deviceId: number) =>
  (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM positions WHERE device_id = ${deviceId}`,
    )
  ).rows[0].n;

const isUnique = async (table: string) =>
  (
    await db.execute<{ u: boolean }>(sql`
      SELECT bool_or(i.indisunique) AS u FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid WHERE c.relname = ${table}`)
  ).rows[0].u;

describe(`one fix per device and fix time (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the writer stores a resent fix once, in one batch or in two', async () => {
    const at = new Date(Date.UTC(2026, 0, 5, 8, 0, 0));
    await insertPositions(db, [
      record(901, at),
      record(901, at, 22.6),
      record(901, new Date(at.getTime() + 1000)),
    ]);
    await insertPositions(db, [record(901, at, 22.7)]);
    expect(await countAt(901)).toBe(2);
    // The first one stored is kept.
    const [kept] = await db
      .select()
      .from(positions)
      .where(sql`device_id = 901 AND fix_time = ${at.toISOString()}`);
    expect(kept.lat).toBe(22.5);
    // Another device may have a fix at the same time.
    await insertPositions(db, [record(902, at)]);
    expect(await countAt(902)).toBe(1);
  });

  it('migration 0016 keeps one row of each duplicate before making the index unique', async () => {
    // The table as it was before 0016: a plain index, and resent fixes stored twice or three times.
    await db.execute(sql`DROP INDEX positions_device_time_idx`);
    await db.execute(sql`CREATE INDEX positions_device_time_idx ON positions (device_id, fix_time)`);
    const at = new Date(Date.UTC(2026, 1, 3, 10, 0, 0));
    const later = new Date(at.getTime() + 60_000);
    for (const [lat, time] of [
      [1, at],
      [2, at],
      [3, at],
      [4, later],
      [5, later],
    ] as const)
      await db.insert(positions).values({ deviceId: 903, fixTime: time, lat, lon: 114 });
    await db
      .insert(positions)
      .values({ deviceId: 903, fixTime: new Date(at.getTime() + 1000), lat: 6, lon: 114 });
    expect(await countAt(903)).toBe(6);
    expect(await isUnique('positions')).toBe(false);

    const file = new URL(
      '../../server/db/migrations/0016_location_ack_unique_positions.sql',
      import.meta.url,
    );
    const statements = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => !/ADD COLUMN/.test(s));
    for (const s of statements) await db.execute(sql.raw(s));

    const left = await db.execute<{ lat: number }>(
      sql`SELECT lat FROM positions WHERE device_id = 903 ORDER BY fix_time, lat`,
    );
    expect(left.rows.map((r) => r.lat)).toEqual([1, 6, 4]);
    expect(await isUnique('positions')).toBe(true);
    await insertPositions(db, [record(903, at)]);
    expect(await countAt(903)).toBe(3);
  });

  it('a partition built from rows of the default partition (LIKE, then ATTACH) gets the unique index', async () => {
    const at = new Date(Date.UTC(2037, 2, 9, 12, 0, 0));
    await insertPositions(db, [record(904, at), record(904, new Date(at.getTime() + 1000))]);
    const [where] = (
      await db.execute<{ part: string }>(
        sql`SELECT tableoid::regclass::text AS part FROM positions WHERE device_id = 904 LIMIT 1`,
      )
    ).rows;
    expect(where.part).toBe('positions_default');

    expect(await ensurePositionPartitions(db, new Date(Date.UTC(2037, 2, 1)), 1)).toEqual([
      'positions_y2037m03',
    ]);
    expect(await isUnique('positions_y2037m03')).toBe(true);
    await insertPositions(db, [record(904, at, 1)]);
    const rows = await db.execute<{ part: string; lat: number }>(
      sql`SELECT tableoid::regclass::text AS part, lat FROM positions WHERE device_id = 904`,
    );
    expect(rows.rows).toHaveLength(2);
    expect(new Set(rows.rows.map((r) => r.part))).toEqual(new Set(['positions_y2037m03']));
    expect(rows.rows.every((r) => r.lat === 22.5)).toBe(true);
  });
});
