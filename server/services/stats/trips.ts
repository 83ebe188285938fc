import { tripDayOf, tripsFromDays, type TripSegment } from '../../../src/domain/reports';
import { DAY_MS, dayPieces, dayStart, STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { withFigures } from './figures';
import { sumsByDay } from './by-day';
import { storedDays } from './stored-days';
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

async function countTripsRaw(db: Db, auth: AuthContext, q: TripQuery) {
  const { first, last, period } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  const from = dayStart(first);
  const to = dayStart(last) + DAY_MS;
  const stored = await storedDays(db, devs.map((d) => d.id), first, last, 'trips', tripDayOf);
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
    byDate: sumsByDay(all, 'trips', ['distanceM', 'durationS']),
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
