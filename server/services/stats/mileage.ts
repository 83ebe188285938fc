import { sql } from 'drizzle-orm';
import { STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { deviceNames, statsDays, statsPage, statsScope, type StatsFilter } from './scope';
import { idArray } from '../../lib/sql';
import { withFigures } from './figures';

/**
 * countMileage (docs/api/statistics.md): mileage from the daily rollups, never from positions.
 * Rows per device and day (default), per device, or per day, with the sums per date (the
 * chart, "rows summed per date") and the totals of the whole filter.
 *
 * Over whole accounts the sums per date come from track_owner_days (a few rows per account and
 * day); with a device filter from track_days. Rows come in the order of the covering index
 * track_days_report_idx (device, day), so a page stops early instead of sorting every row, and
 * names are looked up for the listed rows only.
 */

export type MileageGroup = 'deviceDay' | 'device' | 'day';

export interface MileageQuery extends StatsFilter {
  groupBy?: MileageGroup;
}

/** countMileage as computed; exported with its figures rounded (withFigures). */
async function countMileageRaw(db: Db, auth: AuthContext, q: MileageQuery) {
  const { first, last, period } = statsDays(q);
  const scope = await statsScope(db, auth, q);
  const group = q.groupBy ?? 'deviceDay';
  const empty = {
    list: [],
    total: 0,
    byDate: [],
    totals: { mileageM: 0, movingS: 0, devices: 0, rows: 0 },
    period,
  };
  if (!scope.ids.length) return empty;
  const ids = idArray(scope.ids);
  const days = sql`day BETWEEN ${first}::date AND ${last}::date`;
  const where = sql`device_id = ANY(${ids}::int[]) AND ${days}`;
  const [sums, count] = await Promise.all([
    scope.wholeAccounts
      ? db.execute<{ day: string; m: number; s: number; n: number }>(sql`
          SELECT day::text AS day, sum(mileage_m)::float8 AS m, sum(moving_s)::float8 AS s, sum(devices)::int AS n
          FROM track_owner_days WHERE user_id = ANY(${idArray(scope.owners)}::int[]) AND ${days} GROUP BY day`)
      : db.execute<{ day: string; m: number; s: number; n: number }>(sql`
          SELECT day::text AS day, sum(mileage_m)::float8 AS m, sum(moving_s)::float8 AS s, count(*)::int AS n
          FROM track_days WHERE ${where} GROUP BY day`),
    // Devices with a rollup in the range: one index probe each, cheaper than count(DISTINCT).
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM unnest(${ids}::int[]) AS d(id)
      WHERE EXISTS (SELECT 1 FROM track_days t WHERE t.device_id = d.id
        AND t.day BETWEEN ${first}::date AND ${last}::date)`),
  ]);
  const byDate = sums.rows
    .sort((a, b) => (a.day < b.day ? -1 : 1))
    .map((r) => ({ date: r.day, mileageM: Number(r.m), movingS: Number(r.s), devices: r.n }));
  const totals = {
    mileageM: sums.rows.reduce((a, r) => a + Number(r.m), 0),
    movingS: sums.rows.reduce((a, r) => a + Number(r.s), 0),
    devices: count.rows[0]?.n ?? 0,
    rows: sums.rows.reduce((a, r) => a + r.n, 0),
  };
  const page = statsPage(q, STATS_PAGE_SIZE);
  if (group === 'day') {
    return {
      list: byDate.slice(page.offset, page.offset + page.limit),
      total: byDate.length,
      byDate,
      totals,
      period,
    };
  }
  if (group === 'device') {
    const res = await db.execute<{ id: number; m: number; s: number; v: number; n: number }>(sql`
      SELECT device_id AS id, sum(mileage_m)::float8 AS m, sum(moving_s)::float8 AS s,
        max(max_speed)::float8 AS v, count(*)::int AS n
      FROM track_days WHERE ${where}
      GROUP BY device_id ORDER BY device_id LIMIT ${page.limit} OFFSET ${page.offset}`);
    const names = await deviceNames(
      db,
      res.rows.map((r) => r.id),
    );
    const list = res.rows.map((r) => ({
      ...names.get(r.id)!,
      mileageM: Number(r.m),
      movingS: Number(r.s),
      maxSpeed: Number(r.v),
      days: r.n,
    }));
    return { list, total: totals.devices, byDate, totals, period };
  }
  const res = await db.execute<{ id: number; day: string; m: number; s: number; v: number }>(sql`
    SELECT device_id AS id, day::text AS day, mileage_m AS m, moving_s AS s, max_speed AS v
    FROM track_days WHERE ${where}
    ORDER BY device_id, day LIMIT ${page.limit} OFFSET ${page.offset}`);
  const names = await deviceNames(
    db,
    res.rows.map((r) => r.id),
  );
  const list = res.rows.map((r) => ({
    ...names.get(r.id)!,
    date: r.day,
    mileageM: Number(r.m),
    movingS: Number(r.s),
    maxSpeed: Number(r.v),
  }));
  return { list, total: totals.rows, byDate, totals, period };
}

export const countMileage = withFigures(countMileageRaw);
