import { sql } from 'drizzle-orm';
import { tripDayOf, tripsFromDays, type TripDay, type TripSegment } from '../../../src/domain/reports';
import { DAY_MS, dayOf, dayPieces, dayStart, STATS_PAGE_SIZE, TRACK_CONTEXT_MS } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import { idArray } from '../../lib/sql';
import type { AuthContext } from '../../plugins/auth';
import { neighbourFixes, readFixes } from '../track/fixes';
import { withFigures } from './figures';
import { statsDays, statsDevices, statsPage, type StatsFilter } from './scope';

/**
 * countTrips (issue 33): the trips of the devices over the days, between stays of at least
 * `minStaySeconds` (the stay-point report's setting and default, so the stays between trips are
 * the stays that report lists). Rebuilt from the rollups' stored trip days
 * (track_day_shapes.trips, src/domain/reports/trip-days.ts): trips and stays partition each
 * device's range, and the trips' metres are the mileage report's, cut at the stays' edges.
 */
export interface TripQuery extends StatsFilter {
  minStaySeconds?: number;
}

/** A day rolled up before the trips column existed (migration 0020): its trip day from the raw fixes. */
async function rawTripDay(db: Db, deviceId: number, day: string): Promise<TripDay | null> {
  const from = dayStart(day);
  const to = from + DAY_MS;
  const [fixes, ctx] = await Promise.all([
    readFixes(db, deviceId, from, to),
    neighbourFixes(db, deviceId, from, to, TRACK_CONTEXT_MS),
  ]);
  return tripDayOf({ fixes, from, to, ...ctx });
}

async function countTripsRaw(db: Db, auth: AuthContext, q: TripQuery) {
  const { first, last, period } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  const from = dayStart(first);
  const to = dayStart(last) + DAY_MS;
  const res =
    devs.length && last >= first
      ? await db.execute<{ id: number; day: string; trips: TripDay | string | null }>(sql`
          SELECT device_id AS id, to_char(day, 'YYYY-MM-DD') AS day, trips FROM track_day_shapes
          WHERE device_id = ANY(${idArray(devs)}::int[]) AND day BETWEEN ${first}::date AND ${last}::date`)
      : { rows: [] };
  const stored = new Map<string, TripDay | null>();
  for (const r of res.rows) {
    const trips = typeof r.trips === 'string' ? (JSON.parse(r.trips) as TripDay) : r.trips;
    stored.set(`${r.id}|${r.day}`, trips ?? (await rawTripDay(db, r.id, r.day)));
  }
  const pieces = last >= first ? dayPieces(from, to) : [];
  const options = { stopMinS: q.minStaySeconds };
  const all = [...devs]
    .sort((a, b) => (a.terminalID < b.terminalID ? -1 : 1))
    .flatMap((d) => {
      const days = pieces.map((p) => stored.get(`${d.id}|${p.day}`) ?? null);
      return tripsFromDays(from, to, days, options)
        .filter((s): s is TripSegment => s.kind === 'trip')
        .map((s) => ({ terminalID: d.terminalID, name: d.name, ...s }));
    });
  // Trips per day of their start, for the chart.
  const perDay = new Map<string, { trips: number; distanceM: number; durationS: number }>();
  for (const s of all) {
    const day = dayOf(s.start);
    const cur = perDay.get(day) ?? { trips: 0, distanceM: 0, durationS: 0 };
    cur.trips++;
    cur.distanceM += s.distanceM;
    cur.durationS += s.durationS;
    perDay.set(day, cur);
  }
  const page = statsPage(q, STATS_PAGE_SIZE);
  return {
    list: all.slice(page.offset, page.offset + page.limit).map((s) => ({
      terminalID: s.terminalID,
      name: s.name,
      start: s.start,
      end: s.end,
      durationS: s.durationS,
      distanceM: s.distanceM,
      avgSpeed: s.avgSpeed,
      topSpeed: s.topSpeed,
      startLat: s.from?.lat ?? null,
      startLon: s.from?.lon ?? null,
      endLat: s.to?.lat ?? null,
      endLon: s.to?.lon ?? null,
    })),
    total: all.length,
    byDate: [...perDay.entries()].sort().map(([date, v]) => ({ date, ...v })),
    totals: {
      trips: all.length,
      distanceM: all.reduce((a, s) => a + s.distanceM, 0),
      durationS: all.reduce((a, s) => a + s.durationS, 0),
      devices: new Set(all.map((s) => s.terminalID)).size,
    },
    period,
  };
}

export const countTrips = withFigures(countTripsRaw);
