import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * track_owner_days: the daily sums of track_days per owning account (see its schema file).
 * `refreshOwnerDays` recomputes given (account, day) pairs from the rollups of the account's
 * current devices; `rebuildOwnerDays` recomputes every day from `since` in one pass.
 */

export interface OwnerDay {
  userId: number;
  day: string;
}

const SUMS = sql`coalesce(sum(t.mileage_m), 0), coalesce(sum(t.moving_s), 0), count(t.device_id)::int`;

export async function refreshOwnerDays(db: Db, pairs: OwnerDay[]) {
  const seen = new Map<string, OwnerDay>();
  for (const p of pairs) seen.set(`${p.userId}|${p.day}`, p);
  const list = [...seen.values()];
  for (let i = 0; i < list.length; i += 1000) {
    const chunk = list.slice(i, i + 1000);
    const users = `{${chunk.map((p) => p.userId).join(',')}}`;
    const days = `{${chunk.map((p) => p.day).join(',')}}`;
    await db.execute(sql`
      WITH p(u, day) AS (SELECT * FROM unnest(${users}::int[], ${days}::date[])),
      s AS (
        SELECT p.u, p.day, ${SUMS} AS n FROM p
        LEFT JOIN devices d ON d.user_id = p.u
        LEFT JOIN track_days t ON t.device_id = d.id AND t.day = p.day
        GROUP BY p.u, p.day
      ),
      gone AS (
        DELETE FROM track_owner_days o USING s WHERE o.user_id = s.u AND o.day = s.day AND s.n = 0
      )
      INSERT INTO track_owner_days (user_id, day, mileage_m, moving_s, devices)
      SELECT * FROM s WHERE s.n > 0
      ON CONFLICT (user_id, day) DO UPDATE SET mileage_m = excluded.mileage_m,
        moving_s = excluded.moving_s, devices = excluded.devices`);
  }
}

export async function rebuildOwnerDays(db: Db, since: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM track_owner_days WHERE day >= ${since}::date`);
    await tx.execute(sql`
      INSERT INTO track_owner_days (user_id, day, mileage_m, moving_s, devices)
      SELECT d.user_id, t.day, ${SUMS} FROM track_days t JOIN devices d ON d.id = t.device_id
      WHERE t.day >= ${since}::date AND d.user_id IS NOT NULL
      GROUP BY d.user_id, t.day`);
    // Each device is now summed under its current owner.
    await tx.execute(sql`
      UPDATE track_rollup_cursors c SET owner_id = d.user_id FROM devices d
      WHERE d.id = c.device_id AND c.owner_id IS DISTINCT FROM d.user_id`);
  });
}
