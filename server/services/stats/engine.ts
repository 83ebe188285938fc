import { engineDayOf, engineFromDays } from '../../../src/domain/reports';
import { DAY_MS, dayPieces, dayStart, STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { withFigures } from './figures';
import { storedDays } from './stored-days';
import { statsDays, statsDevices, statsPage, type StatsFilter } from './scope';

/**
 * countEngine (issue 33): ignition (ACC) on time per device and day, and the idling episodes
 * (ACC on while stopped by the stop rule, at least `minIdleSeconds`) with their places. Rebuilt
 * from the rollups' stored engine days (track_day_shapes.engine, src/domain/reports/engine-days.ts).
 * A device whose fixes never carry ignition is listed apart (`noIgnition`), never as zeros.
 */
export interface EngineQuery extends StatsFilter {
  minIdleSeconds?: number;
}

async function countEngineRaw(db: Db, auth: AuthContext, q: EngineQuery) {
  const { first, last, period } = statsDays(q);
  const devs = await statsDevices(db, auth, q);
  const from = dayStart(first);
  const to = dayStart(last) + DAY_MS;
  const stored = await storedDays(db, devs.map((d) => d.id), first, last, 'engine', engineDayOf);
  const pieces = last >= first ? dayPieces(from, to) : [];
  const rows: { terminalID: string; name: string; date: string; onS: number; idleS: number }[] = [];
  const idling: { terminalID: string; name: string; start: number; end: number; durationS: number; lat: number; lon: number }[] = [];
  const noIgnition: { terminalID: string; name: string }[] = [];
  for (const d of [...devs].sort((a, b) => (a.terminalID < b.terminalID ? -1 : 1))) {
    const report = engineFromDays(from, to, pieces.map((p) => stored.get(`${d.id}|${p.day}`) ?? null), {
      idleMinS: q.minIdleSeconds,
    });
    const who = { terminalID: d.terminalID, name: d.name };
    if (report.ignition === 'none') {
      noIgnition.push(who);
      continue;
    }
    for (const day of report.days)
      if (day.onS !== null && day.onS > 0) rows.push({ ...who, date: day.day, onS: day.onS, idleS: day.idleS ?? 0 });
    for (const e of report.idling) idling.push({ ...who, ...e });
  }
  const page = statsPage(q, STATS_PAGE_SIZE);
  return {
    list: rows.slice(page.offset, page.offset + page.limit),
    total: rows.length,
    idling: idling.slice(0, STATS_PAGE_SIZE),
    noIgnition,
    totals: {
      onS: rows.reduce((a, r) => a + r.onS, 0),
      idleS: rows.reduce((a, r) => a + r.idleS, 0),
      idlings: idling.length,
      devices: new Set(rows.map((r) => r.terminalID)).size,
    },
    period,
  };
}

export const countEngine = withFigures(countEngineRaw);
