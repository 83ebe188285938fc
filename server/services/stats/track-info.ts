import { sql } from 'drizzle-orm';
import { STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { statsDays, statsDevices, statsPage, type StatsFilter } from './scope';
import { idArray } from '../../lib/sql';
import { withFigures } from './figures';

/**
 * CountTrackInfo: one row per device over the days, from the daily rollups: mileage, moving
 * time, highest and average speed (mileage over moving time), points, days with data, and the
 * first and last fix.
 */
/** countTrackInfo as computed; exported with its figures rounded (withFigures). */
async function countTrackInfoRaw(db: Db, auth: AuthContext, q: StatsFilter) {
  const { first, last } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  const totals = { mileageM: 0, movingS: 0, points: 0, devices: 0 };
  if (!devs.length) return { list: [], total: 0, totals };
  const page = statsPage(q, STATS_PAGE_SIZE);
  const res = await db.execute<{
    id: number;
    m: number;
    s: number;
    v: number;
    p: number;
    n: number;
    f: number | null;
    l: number | null;
    total: number;
  }>(sql`
    SELECT device_id AS id, sum(mileage_m)::float8 AS m, sum(moving_s)::float8 AS s, max(max_speed)::float8 AS v,
      sum(points)::float8 AS p, count(*)::int AS n,
      floor(extract(epoch from min(first_fix)) * 1000)::float8 AS f,
      floor(extract(epoch from max(last_fix)) * 1000)::float8 AS l,
      count(*) OVER ()::int AS total
    FROM track_days
    WHERE device_id = ANY(${idArray(devs)}::int[]) AND day BETWEEN ${first}::date AND ${last}::date
    GROUP BY device_id ORDER BY device_id LIMIT ${page.limit} OFFSET ${page.offset}`);
  const byId = new Map(devs.map((d) => [d.id, d]));
  const list = res.rows.map((r) => {
    const mileageM = Math.round(Number(r.m) * 10) / 10;
    const movingS = Number(r.s);
    return {
      terminalID: byId.get(r.id)!.terminalID,
      name: byId.get(r.id)!.name,
      mileageM,
      movingS,
      maxSpeed: Number(r.v),
      avgSpeed: movingS > 0 ? Math.round((mileageM / movingS) * 36) / 10 : 0,
      points: Number(r.p),
      days: r.n,
      firstFix: r.f == null ? null : Number(r.f),
      lastFix: r.l == null ? null : Number(r.l),
    };
  });
  for (const r of list) {
    totals.mileageM += r.mileageM;
    totals.movingS += r.movingS;
    totals.points += r.points;
  }
  totals.mileageM = Math.round(totals.mileageM * 10) / 10;
  totals.devices = list.length;
  return { list, total: res.rows[0]?.total ?? 0, totals };
}

export const countTrackInfo = withFigures(countTrackInfoRaw);
