import { sql } from 'drizzle-orm';
import { STAY_MIN_DEFAULT_S, STATS_PAGE_SIZE, staysOf } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { StoredRun } from '../../db/schema/track-day-shapes';
import type { AuthContext } from '../../plugins/auth';
import { statsDays, statsDevices, statsPage, type StatsFilter } from './scope';
import { idArray } from '../../lib/sql';
import { sumsByDay } from './by-day';
import { withFigures } from './figures';

/**
 * countStayDetail: every stay of the devices over the days, from the stopped runs the rollups
 * keep per day (track_day_shapes.runs), merged across midnights exactly as playback merges
 * them (src/domain/track/stays.ts), so both screens list the same stays.
 */
export interface StayQuery extends StatsFilter {
  minStaySeconds?: number;
}

/** countStays as computed; exported with its figures rounded (withFigures). */
async function countStaysRaw(db: Db, auth: AuthContext, q: StayQuery) {
  const { first, last, period } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  const res = devs.length
    ? await db.execute<{ id: number; runs: StoredRun[] | string }>(sql`
        SELECT device_id AS id, runs FROM track_day_shapes
        WHERE device_id = ANY(${idArray(devs)}::int[]) AND day BETWEEN ${first}::date AND ${last}::date
        ORDER BY device_id, day`)
    : { rows: [] };
  const runsOf = new Map<number, StoredRun[]>();
  for (const r of res.rows) {
    const runs = typeof r.runs === 'string' ? (JSON.parse(r.runs) as StoredRun[]) : r.runs;
    runsOf.set(r.id, [...(runsOf.get(r.id) ?? []), ...runs]);
  }
  const min = q.minStaySeconds ?? STAY_MIN_DEFAULT_S;
  const all = [...devs]
    .sort((a, b) => (a.terminalID < b.terminalID ? -1 : 1))
    .flatMap((d) =>
      staysOf(
        (runsOf.get(d.id) ?? []).map(([start, end, lat, lon]) => ({ start, end, lat, lon })),
        min,
      ).map((s) => ({ terminalID: d.terminalID, name: d.name, ...s })),
    );
  const page = statsPage(q, STATS_PAGE_SIZE);
  return {
    list: all.slice(page.offset, page.offset + page.limit).map((s) => ({
      terminalID: s.terminalID,
      name: s.name,
      start: s.start,
      end: s.end,
      durationS: s.durationS,
      lat: s.lat,
      lon: s.lon,
    })),
    total: all.length,
    byDate: sumsByDay(all, 'stays', ['durationS']),
    totals: {
      stays: all.length,
      durationS: all.reduce((a, s) => a + s.durationS, 0),
      devices: new Set(all.map((s) => s.terminalID)).size,
    },
    period,
  };
}

export const countStays = withFigures(countStaysRaw);
