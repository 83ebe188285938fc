import { sql } from 'drizzle-orm';
import { batteryLevel, hasBattery, STATS_PAGE_SIZE, type BatteryLevel } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { statsDays, statsDevices, statsPage, type StatsFilter } from './scope';
import { idArray } from '../../lib/sql';
import { withFigures } from './figures';

/**
 * The battery count: the battery of every device whose model reports one (current level from
 * the device row, lowest and last of the days from the rollups), lowest first, counts per band,
 * and the models of the scope without battery support (src/domain/track/statistics.ts).
 */
/** countBattery as computed; exported with its figures rounded (withFigures). */
async function countBatteryRaw(db: Db, auth: AuthContext, q: StatsFilter) {
  const devs = await statsDevices(db, auth, q);
  const supported = devs.filter((d) => hasBattery(d.deviceType));
  const unsupported = new Map<string, number>();
  for (const d of devs)
    if (!hasBattery(d.deviceType)) unsupported.set(d.deviceType, (unsupported.get(d.deviceType) ?? 0) + 1);
  const lowest = new Map<number, number>();
  if (q.startDate && q.endDate && supported.length) {
    const { first, last } = statsDays(q);
    const res = await db.execute<{ id: number; b: number | null }>(sql`
      SELECT device_id AS id, min(battery_min)::int AS b FROM track_days
      WHERE device_id = ANY(${idArray(supported)}::int[]) AND day BETWEEN ${first}::date AND ${last}::date
      GROUP BY device_id`);
    for (const r of res.rows) if (r.b != null) lowest.set(r.id, r.b);
  }
  const rows = supported
    .map((d) => ({
      terminalID: d.terminalID,
      name: d.name,
      deviceType: d.deviceType,
      battery: d.battery,
      level: batteryLevel(d.battery),
      batteryMin: lowest.get(d.id) ?? null,
      fixTime: d.fixTime?.getTime() ?? null,
    }))
    .sort((a, b) => (a.battery ?? 1000) - (b.battery ?? 1000) || (a.terminalID < b.terminalID ? -1 : 1));
  const counts: Record<BatteryLevel, number> = { low: 0, medium: 0, high: 0, unknown: 0 };
  for (const r of rows) counts[r.level]++;
  const page = statsPage(q, STATS_PAGE_SIZE);
  return {
    list: rows.slice(page.offset, page.offset + page.limit),
    total: rows.length,
    counts,
    unsupportedModels: [...unsupported.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([model, devices]) => ({ model, devices })),
  };
}

export const countBattery = withFigures(countBatteryRaw);
