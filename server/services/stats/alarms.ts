import { sql } from 'drizzle-orm';
import { storedAlarmTypes } from '../../../src/domain/alarm-types';
import { STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { statsDays, statsDevices, statsPage, type StatsFilter } from './scope';
import { idArray } from '../../lib/sql';
import { withFigures } from './figures';

/**
 * countAlarms: alarm counts per device, type and day from the daily rollups (track_days.alarms,
 * counted by the rollup job from the alarms table), with the sums per date and per type.
 */
export interface AlarmQuery extends StatsFilter {
  /** Only these alarm types (sos, overspeed, fenceIn, ...). */
  types?: string[];
}

/** countAlarms as computed; exported with its figures rounded (withFigures). */
async function countAlarmsRaw(db: Db, auth: AuthContext, q: AlarmQuery) {
  const { first, last } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  if (!devs.length) return { list: [], total: 0, byDate: [], byType: {}, totals: { alarms: 0, devices: 0 } };
  const types = q.types?.length
    ? sql`AND a.key = ANY(${`{${storedAlarmTypes(q.types)
        .map((t) => JSON.stringify(t))
        .join(',')}}`}::text[])`
    : sql``;
  const from = sql`FROM track_days t, jsonb_each_text(t.alarms) a
    WHERE t.device_id = ANY(${idArray(devs)}::int[]) AND t.day BETWEEN ${first}::date AND ${last}::date
      AND t.alarm_count > 0 ${types}`;
  const sums = await db.execute<{
    day: string | null;
    type: string | null;
    n: number;
    r: number;
    d: number;
  }>(sql`
    SELECT t.day::text AS day, a.key AS type, sum(a.value::int)::int AS n, count(*)::int AS r,
      count(DISTINCT t.device_id)::int AS d
    ${from} GROUP BY GROUPING SETS ((t.day), (a.key), ())`);
  const byDate = sums.rows
    .filter((r) => r.day != null)
    .sort((a, b) => (a.day! < b.day! ? -1 : 1))
    .map((r) => ({ date: r.day!, alarms: r.n, devices: r.d }));
  const byType = Object.fromEntries(sums.rows.filter((r) => r.type != null).map((r) => [r.type!, r.n]));
  const all = sums.rows.find((r) => r.day == null && r.type == null);
  const page = statsPage(q, STATS_PAGE_SIZE);
  const res = await db.execute<{ id: number; day: string; type: string; n: number }>(sql`
    SELECT t.device_id AS id, t.day::text AS day, a.key AS type, a.value::int AS n
    ${from} ORDER BY t.day, t.device_id, a.key LIMIT ${page.limit} OFFSET ${page.offset}`);
  const byId = new Map(devs.map((d) => [d.id, d]));
  const list = res.rows.map((r) => ({
    terminalID: byId.get(r.id)!.terminalID,
    name: byId.get(r.id)!.name,
    date: r.day,
    type: r.type,
    count: r.n,
  }));
  return { list, total: all?.r ?? 0, byDate, byType, totals: { alarms: all?.n ?? 0, devices: all?.d ?? 0 } };
}

export const countAlarms = withFigures(countAlarmsRaw);
