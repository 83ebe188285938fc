import { sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import {
  DAY_MS,
  dayOf,
  dayStart,
  TRACK_CONTEXT_MS,
  TRACK_MAX_MS,
  type TrackFix,
} from '../../../src/domain/track';
import { pgArray } from '../../ingest/pg-array';
import { rebuildOwnerDays } from '../../services/track/owner-days';
import { dayRows, writeDayRows } from '../../services/track/rollup';
import type { Db } from '../client';
import { ensurePositionPartitions } from '../partitions';
import { alarms } from '../schema/alarms';
import type { NewPositionRow } from '../schema/positions';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';
import { buildHistory, type HistoryFix, type HistoryPlan } from './history';

/**
 * 90 days of history for a few demo vehicles (issue 11), so playback and every statistics
 * screen have content on a fresh start: 5 of agent's own devices, 1 of subagent's, 2 of
 * user's (all in agent's tree) and 3 of demo's. Then the daily rollups of every device with
 * positions or alarms, computed from the same fixes in memory, and the rollup job's cursors,
 * so the job has nothing to catch up on its first run.
 */

const HISTORY_SEED = 20_260_311;
const PICK: [number, number][] = [
  [U.agent, 5],
  [U.subagent, 1],
  [U.user, 2],
  [U.demo, 3],
];
const CHUNK = 20_000;

export interface HistorySummary {
  devices: number;
  positions: number;
  alarms: number;
  rollupDays: number;
}

/** The devices that get history, and where each history must end. */
function plans(fleet: NewDeviceRow[], tracks: NewPositionRow[], now: Date): HistoryPlan[] {
  const byDevice = new Map<number, NewPositionRow[]>();
  for (const p of tracks) byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p]);
  const out: HistoryPlan[] = [];
  for (const [owner, count] of PICK) {
    const own = fleet.filter(
      (d) =>
        d.userId === owner &&
        d.lat != null &&
        d.fixTime &&
        (d.state === DEVICE_STATE.online || d.state === DEVICE_STATE.offline),
    );
    let taken = 0;
    for (const d of own) {
      if (taken === count) break;
      const track = (byDevice.get(d.id!) ?? []).sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime());
      // Skip the devices whose seeded track is more than the last hour (a separate trip).
      if (
        track.length &&
        track[track.length - 1].fixTime.getTime() - track[0].fixTime.getTime() > 2 * 3_600_000
      )
        continue;
      const first = track[0];
      const end = first ? first.fixTime.getTime() - 60_000 : d.fixTime!.getTime();
      out.push({
        deviceId: d.id!,
        seed: HISTORY_SEED + d.id!,
        home: first ? { lat: first.lat, lon: first.lon } : { lat: d.lat!, lon: d.lon! },
        start: now.getTime() - TRACK_MAX_MS + DAY_MS,
        end,
        battery: d.battery ?? null,
        type: d.positionType === 'bds' ? 'bds' : 'gps',
        readBefore: now.getTime() - DAY_MS,
      });
      taken++;
    }
  }
  return out;
}

async function insertFixes(db: Db, deviceId: number, fixes: HistoryFix[]) {
  for (let i = 0; i < fixes.length; i += CHUNK) {
    const c = fixes.slice(i, i + CHUNK);
    const col = <T>(f: (x: HistoryFix) => T) => sql.param(pgArray(c.map(f) as never[]));
    await db.execute(sql`
      INSERT INTO positions (device_id, fix_time, server_time, lat, lon, speed, course, valid, position_type, acc, battery)
      SELECT ${deviceId}, t, t, lat, lon, speed, course, valid, type, speed > 0, battery FROM unnest(
        ${col((f) => new Date(f.t).toISOString())}::timestamptz[], ${col((f) => f.lat)}::float8[],
        ${col((f) => f.lon)}::float8[], ${col((f) => f.speed)}::real[], ${col((f) => f.course)}::smallint[],
        ${col((f) => f.valid)}::boolean[], ${col((f) => f.type)}::varchar[], ${col((f) => f.battery)}::smallint[]
      ) AS v(t, lat, lon, speed, course, valid, type, battery)`);
  }
}

const fromRow = (p: NewPositionRow): TrackFix => ({
  t: p.fixTime.getTime(),
  lat: p.lat,
  lon: p.lon,
  speed: p.speed ?? 0,
  course: p.course ?? 0,
  valid: p.valid ?? true,
  type: p.positionType ?? 'gps',
  battery: p.battery ?? null,
});

export async function seedHistory(
  db: Db,
  fleet: NewDeviceRow[],
  tracks: NewPositionRow[],
  now: Date,
): Promise<HistorySummary> {
  await ensurePositionPartitions(db, new Date(now.getTime() - TRACK_MAX_MS - 31 * DAY_MS), 5);
  const fixesOf = new Map<number, TrackFix[]>();
  for (const p of tracks) fixesOf.set(p.deviceId, [...(fixesOf.get(p.deviceId) ?? []), fromRow(p)]);
  const summary: HistorySummary = { devices: 0, positions: 0, alarms: 0, rollupDays: 0 };
  const alarmRows = [];
  for (const plan of plans(fleet, tracks, now)) {
    const h = buildHistory(plan);
    await insertFixes(db, plan.deviceId, h.fixes);
    fixesOf.set(plan.deviceId, [...h.fixes, ...(fixesOf.get(plan.deviceId) ?? [])]);
    alarmRows.push(...h.alarms);
    summary.devices++;
    summary.positions += h.fixes.length;
  }
  for (let i = 0; i < alarmRows.length; i += 500) await db.insert(alarms).values(alarmRows.slice(i, i + 500));
  summary.alarms = alarmRows.length;
  summary.rollupDays = await seedRollups(db, fixesOf, now);
  await seedCursors(db);
  await rebuildOwnerDays(db, dayOf(now.getTime() - TRACK_MAX_MS - 2 * DAY_MS));
  return summary;
}

/** Rollups of every device-day with a fix or an alarm, exactly as the job would compute them. */
async function seedRollups(db: Db, fixesOf: Map<number, TrackFix[]>, now: Date) {
  const counts = new Map<string, Record<string, number>>();
  const all = await db
    .select({ deviceId: alarms.deviceId, type: alarms.type, time: alarms.time })
    .from(alarms);
  for (const a of all) {
    const key = `${a.deviceId}|${dayOf(a.time.getTime())}`;
    const c = counts.get(key) ?? {};
    c[a.type] = (c[a.type] ?? 0) + 1;
    counts.set(key, c);
    if (!fixesOf.has(a.deviceId)) fixesOf.set(a.deviceId, []);
  }
  const rows = [];
  for (const [deviceId, list] of fixesOf) {
    const fixes = list.sort((a, b) => a.t - b.t);
    const days = new Set(fixes.map((f) => dayOf(f.t)));
    for (const key of counts.keys()) if (key.startsWith(`${deviceId}|`)) days.add(key.split('|')[1]);
    let i = 0;
    for (const day of [...days].sort()) {
      const from = dayStart(day);
      while (i < fixes.length && fixes[i].t < from) i++;
      let j = i;
      while (j < fixes.length && fixes[j].t < from + DAY_MS) j++;
      const prev = i > 0 && fixes[i - 1].t >= from - TRACK_CONTEXT_MS ? fixes[i - 1] : undefined;
      const next = j < fixes.length && fixes[j].t < from + DAY_MS + TRACK_CONTEXT_MS ? fixes[j] : undefined;
      const r = dayRows(
        {
          deviceId,
          day,
          fixes: fixes.slice(i, j),
          prev,
          next,
          alarms: counts.get(`${deviceId}|${day}`) ?? {},
        },
        now,
      );
      if (r) rows.push(r);
    }
  }
  await writeDayRows(db, rows);
  return rows.length;
}

/** Every device is rolled up to its current fix. */
async function seedCursors(db: Db) {
  await db.execute(sql`
    INSERT INTO track_rollup_cursors (device_id, fix_time, rolled_at)
    SELECT id, fix_time, now() FROM devices WHERE fix_time IS NOT NULL
    ON CONFLICT (device_id) DO UPDATE SET fix_time = excluded.fix_time, rolled_at = excluded.rolled_at`);
}
