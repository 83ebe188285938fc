import { sql } from 'drizzle-orm';
import { STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { idArray, statsDays, statsDevices, statsPage, type StatsDevice, type StatsFilter } from './scope';

/**
 * countMileage (docs/api/statistics.md): mileage from the daily rollups (track_days), never
 * from positions. Rows per device and day (default), per device, or per day, with the sums per
 * date (the chart, "rows summed per date") and the totals of the whole filter. Rows come in
 * the order of the covering index track_days_report_idx (device, day), so a page stops early
 * instead of sorting every row. Answers are shared between identical requests for
 * READ_CACHE_MS (server/lib/read-cache.ts): the rollups change once a minute at most.
 */

export type MileageGroup = 'deviceDay' | 'device' | 'day';

export interface MileageQuery extends StatsFilter {
  groupBy?: MileageGroup;
}

const round1 = (v: number) => Math.round(Number(v) * 10) / 10;

export async function countMileage(db: Db, auth: AuthContext, q: MileageQuery) {
  const { first, last } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  const group = q.groupBy ?? 'deviceDay';
  const empty = { list: [], total: 0, byDate: [], totals: { mileageM: 0, movingS: 0, devices: 0, rows: 0 } };
  if (!devs.length) return empty;
  const where = sql`device_id = ANY(${idArray(devs)}::int[]) AND day BETWEEN ${first}::date AND ${last}::date`;
  // Sums per date (HashAggregate, no sort), and how many devices have rows (one index probe
  // per device): cheaper than count(DISTINCT) over every row.
  const [sums, count] = await Promise.all([
    db.execute<{ day: string; m: number; s: number; n: number }>(sql`
      SELECT day::text AS day, sum(mileage_m)::float8 AS m, sum(moving_s)::float8 AS s, count(*)::int AS n
      FROM track_days WHERE ${where} GROUP BY day`),
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM unnest(${idArray(devs)}::int[]) AS d(id)
      WHERE EXISTS (SELECT 1 FROM track_days t WHERE t.device_id = d.id
        AND t.day BETWEEN ${first}::date AND ${last}::date)`),
  ]);
  const byDate = sums.rows
    .sort((a, b) => (a.day < b.day ? -1 : 1))
    .map((r) => ({ date: r.day, mileageM: round1(r.m), movingS: Number(r.s), devices: r.n }));
  const totals = {
    mileageM: round1(sums.rows.reduce((a, r) => a + Number(r.m), 0)),
    movingS: sums.rows.reduce((a, r) => a + Number(r.s), 0),
    devices: count.rows[0]?.n ?? 0,
    rows: sums.rows.reduce((a, r) => a + r.n, 0),
  };
  const page = statsPage(q, STATS_PAGE_SIZE);
  const byId = new Map<number, StatsDevice>(devs.map((d) => [d.id, d]));
  const who = (id: number) => ({ terminalID: byId.get(id)!.terminalID, name: byId.get(id)!.name });
  if (group === 'day') {
    return {
      list: byDate.slice(page.offset, page.offset + page.limit),
      total: byDate.length,
      byDate,
      totals,
    };
  }
  if (group === 'device') {
    const res = await db.execute<{ id: number; m: number; s: number; v: number; n: number }>(sql`
      SELECT device_id AS id, sum(mileage_m)::float8 AS m, sum(moving_s)::float8 AS s,
        max(max_speed)::float8 AS v, count(*)::int AS n
      FROM track_days WHERE ${where}
      GROUP BY device_id ORDER BY device_id LIMIT ${page.limit} OFFSET ${page.offset}`);
    const list = res.rows.map((r) => ({
      ...who(r.id),
      mileageM: round1(r.m),
      movingS: Number(r.s),
      maxSpeed: Number(r.v),
      days: r.n,
    }));
    return { list, total: totals.devices, byDate, totals };
  }
  const res = await db.execute<{ id: number; day: string; m: number; s: number; v: number }>(sql`
    SELECT device_id AS id, day::text AS day, mileage_m AS m, moving_s AS s, max_speed AS v
    FROM track_days WHERE ${where}
    ORDER BY device_id, day LIMIT ${page.limit} OFFSET ${page.offset}`);
  const list = res.rows.map((r) => ({
    ...who(r.id),
    date: r.day,
    mileageM: round1(r.m),
    movingS: Number(r.s),
    maxSpeed: Number(r.v),
  }));
  return { list, total: totals.rows, byDate, totals };
}
