import { and, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  computePiece,
  DAY_BUCKET_MS,
  DAY_MS,
  dayCoarseShape,
  dayShape,
  dayStart,
  speedSeries,
  TRACK_CONTEXT_MS,
  type TrackFix,
} from '../../../src/domain/track';
import { engineDayOf, traceOf, tripDayOfTrace } from '../../../src/domain/reports';
import type { Db } from '../../db/client';
import { alarms } from '../../db/schema/alarms';
import { trackDayShapes, type StoredRun } from '../../db/schema/track-day-shapes';
import { trackDays, type NewTrackDayRow } from '../../db/schema/track-days';
import { neighbourFixes, readFixes } from './fixes';

/**
 * The daily rollup of one device and platform day, computed from raw positions with the same
 * piece computation as playback (src/domain/track/piece.ts). Recomputing a day replaces its
 * rows, so running it twice, or on two nodes at once, gives the same result.
 */

export type ShapeRow = typeof trackDayShapes.$inferInsert;

export interface DayInput {
  deviceId: number;
  day: string;
  /** Fixes of the day in time order. */
  fixes: readonly TrackFix[];
  prev?: TrackFix;
  next?: TrackFix;
  /** Alarm counts of the day by type. */
  alarms: Record<string, number>;
}

/** The rows of a day, or null when the day has neither a fix nor an alarm. */
export function dayRows(input: DayInput, now = new Date()): { day: NewTrackDayRow; shape: ShapeRow } | null {
  const alarmCount = Object.values(input.alarms).reduce((a, b) => a + b, 0);
  if (!input.fixes.length && !alarmCount) return null;
  const from = dayStart(input.day);
  const pieceInput = { fixes: input.fixes, from, to: from + DAY_MS, prev: input.prev, next: input.next };
  const piece = computePiece(pieceInput);
  // One trace of the day for both reports' stored forms.
  const trace = traceOf(pieceInput);
  const s = piece.summary;
  const fine = dayShape(piece);
  const at = (ms: number | null) => (ms == null ? null : new Date(ms));
  return {
    day: {
      deviceId: input.deviceId,
      day: input.day,
      mileageM: s.mileageM,
      movingS: s.movingS,
      maxSpeed: s.maxSpeed,
      points: s.points,
      counts: s.counts,
      firstFix: at(s.firstFix),
      lastFix: at(s.lastFix),
      batteryLast: s.batteryLast,
      batteryMin: s.batteryMin,
      alarms: input.alarms,
      alarmCount,
      computedAt: now,
    },
    shape: {
      deviceId: input.deviceId,
      day: input.day,
      runs: s.runs.map((r): StoredRun => [r.start, r.end, r.lat, r.lon]),
      speed: speedSeries(piece.shape, DAY_BUCKET_MS),
      shape: fine,
      coarse: dayCoarseShape(fine, s.runs),
      trips: trace && tripDayOfTrace(trace),
      engine: engineDayOf(pieceInput, trace),
    },
  };
}

/** `SET col = excluded.col` for every column but the key. */
function excludedSet(table: PgTable, key: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [prop, col] of Object.entries(getTableColumns(table)))
    if (!key.includes(prop)) set[prop] = sql.raw(`excluded."${col.name}"`);
  return set;
}

const DAY_SET = excludedSet(trackDays, ['deviceId', 'day']);
const SHAPE_SET = excludedSet(trackDayShapes, ['deviceId', 'day']);

/** Writes computed days (upsert), in chunks that stay under the parameter limit. */
export async function writeDayRows(db: Db, rows: { day: NewTrackDayRow; shape: ShapeRow }[]) {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await db
      .insert(trackDays)
      .values(chunk.map((r) => r.day))
      .onConflictDoUpdate({ target: [trackDays.deviceId, trackDays.day], set: DAY_SET });
    await db
      .insert(trackDayShapes)
      .values(chunk.map((r) => r.shape))
      .onConflictDoUpdate({ target: [trackDayShapes.deviceId, trackDayShapes.day], set: SHAPE_SET });
  }
}

async function alarmCounts(db: Db, deviceId: number, from: number, to: number) {
  const rows = await db
    .select({ type: alarms.type, n: sql<number>`count(*)::int` })
    .from(alarms)
    .where(
      and(eq(alarms.deviceId, deviceId), gte(alarms.time, new Date(from)), lt(alarms.time, new Date(to))),
    )
    .groupBy(alarms.type);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/** Recomputes one day of one device from the database. Returns whether the day has a row. */
export async function rollupDay(db: Db, deviceId: number, day: string, now = new Date()): Promise<boolean> {
  const from = dayStart(day);
  const to = from + DAY_MS;
  const [fixes, ctx, counts] = await Promise.all([
    readFixes(db, deviceId, from, to),
    neighbourFixes(db, deviceId, from, to, TRACK_CONTEXT_MS),
    alarmCounts(db, deviceId, from, to),
  ]);
  const rows = dayRows({ deviceId, day, fixes, ...ctx, alarms: counts }, now);
  if (!rows) {
    const key = (t: typeof trackDays | typeof trackDayShapes) =>
      and(eq(t.deviceId, deviceId), eq(t.day, day));
    await db.delete(trackDays).where(key(trackDays));
    await db.delete(trackDayShapes).where(key(trackDayShapes));
    return false;
  }
  await writeDayRows(db, [rows]);
  return true;
}
