import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Monthly partitions of `positions` (PARTITION BY RANGE (fix_time), see the init migration).
 *
 * Call at start and then daily (the server keeps a timer) so next month's partition exists
 * before the first fix of the month arrives; otherwise those fixes land in positions_default,
 * which still works but is not pruned. History is dropped cheaply by detaching old
 * partitions. Bounds are UTC month starts.
 */

const LOCK_KEY = 774_201_001; // arbitrary constant shared by all nodes of a cluster

/** `positions_y2026m03` for March 2026 (UTC). */
export function positionPartitionName(monthStart: Date): string {
  const y = monthStart.getUTCFullYear();
  const m = String(monthStart.getUTCMonth() + 1).padStart(2, '0');
  return `positions_y${y}m${m}`;
}

function monthStartUtc(d: Date, addMonths = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + addMonths, 1));
}

/**
 * Ensures `months` monthly partitions exist starting with the month of `from` (UTC).
 * Idempotent and safe to run concurrently from several nodes (advisory lock). Returns the
 * names of the partitions it created.
 *
 * A plain `CREATE TABLE ... PARTITION OF` fails when positions_default already holds rows of
 * that month (the server ran for a while without the partition). In that case the rows are
 * moved: create a detached table, move the rows out of the default partition, attach it.
 */
export async function ensurePositionPartitions(db: Db, from: Date, months: number): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i < months; i++) {
    const start = monthStartUtc(from, i);
    const end = monthStartUtc(from, i + 1);
    const name = positionPartitionName(start);
    const made = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const exists = await tx.execute<{ e: boolean }>(sql`SELECT to_regclass(${name}) IS NOT NULL AS e`);
      if (exists.rows[0].e) return false;
      const lo = sql.raw(`'${start.toISOString()}'`);
      const hi = sql.raw(`'${end.toISOString()}'`);
      const ident = sql.identifier(name);
      const stray = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM positions_default WHERE fix_time >= ${lo} AND fix_time < ${hi}`,
      );
      if (stray.rows[0].n === 0) {
        await tx.execute(
          sql`CREATE TABLE IF NOT EXISTS ${ident} PARTITION OF positions FOR VALUES FROM (${lo}) TO (${hi})`,
        );
      } else {
        // LIKE keeps the column order, so SELECT * lines up; ATTACH adds the indexes.
        await tx.execute(
          sql`CREATE TABLE ${ident} (LIKE positions INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
        );
        await tx.execute(sql`
          WITH moved AS (
            DELETE FROM positions_default WHERE fix_time >= ${lo} AND fix_time < ${hi} RETURNING *
          )
          INSERT INTO ${ident} SELECT * FROM moved`);
        await tx.execute(
          sql`ALTER TABLE positions ATTACH PARTITION ${ident} FOR VALUES FROM (${lo}) TO (${hi})`,
        );
      }
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

/** Names of the monthly partitions that exist, oldest first (for tests and the ops page). */
export async function listPositionPartitions(db: Db): Promise<string[]> {
  const res = await db.execute<{ name: string }>(sql`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'positions'::regclass AND c.relname <> 'positions_default'
    ORDER BY c.relname`);
  return res.rows.map((r) => r.name);
}

const PARTITION_NAME = /^positions_y(\d{4})m(\d{2})$/;

/** The UTC month a partition named by positionPartitionName holds, or null for any other name. */
export function monthOfPartition(name: string): Date | null {
  const m = PARTITION_NAME.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

/**
 * Retention (POSITION_RETENTION_MONTHS): drops the monthly partitions whose every fix is older
 * than `months` months before `now`, i.e. whose month ends on or before that instant; a month
 * only partly older stays whole. positions_default is never touched, nor any table that is not
 * a partition named by positionPartitionName; the daily rollups (track_days, track_owner_days)
 * are tables of their own and keep the history's summary.
 *
 * DETACH then DROP, one partition per transaction under the partition lock, so nodes running it
 * at once do not race each other or a partition being created. DETACH briefly locks `positions`
 * against inserts; the lock wait is bounded, and a partition that could not be locked in time
 * is left for the next run. Returns the names dropped.
 */
export async function dropExpiredPositionPartitions(db: Db, now: Date, months: number): Promise<string[]> {
  if (months <= 0) return [];
  const cutoff = monthStartUtc(now, -months);
  const expired = (await listPositionPartitions(db)).filter((name) => {
    const month = monthOfPartition(name);
    return month != null && monthStartUtc(month, 1) <= cutoff;
  });
  const dropped: string[] = [];
  for (const name of expired) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
      const exists = await tx.execute<{ e: boolean }>(sql`SELECT to_regclass(${name}) IS NOT NULL AS e`);
      if (!exists.rows[0].e) return false; // another node dropped it meanwhile
      const ident = sql.identifier(name);
      await tx.execute(sql`ALTER TABLE positions DETACH PARTITION ${ident}`);
      await tx.execute(sql`DROP TABLE ${ident}`);
      return true;
    });
    if (done) dropped.push(name);
  }
  return dropped;
}
