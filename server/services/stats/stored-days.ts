import { sql } from 'drizzle-orm';
import { DAY_MS, dayStart, TRACK_CONTEXT_MS, type PieceInput } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import { idArray } from '../../lib/sql';
import { neighbourFixes, readFixes } from '../track/fixes';

/**
 * What the rollup stored per device and day for a report (a jsonb column of track_day_shapes:
 * `trips`, `engine`), keyed `${deviceId}|${day}`, for the days that have a rollup row. A row of
 * before the column (migration 0020) holds null: that day is computed from its positions with
 * `ofPiece`, the function the rollup itself stores.
 */
export async function storedDays<T>(
  db: Db,
  deviceIds: readonly number[],
  first: string,
  last: string,
  column: 'trips' | 'engine',
  ofPiece: (input: PieceInput) => T,
): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  if (!deviceIds.length || last < first) return out;
  const res = await db.execute<{ id: number; day: string; v: T | string | null }>(sql`
    SELECT device_id AS id, to_char(day, 'YYYY-MM-DD') AS day, ${sql.identifier(column)} AS v
    FROM track_day_shapes
    WHERE device_id = ANY(${idArray(deviceIds)}::int[]) AND day BETWEEN ${first}::date AND ${last}::date`);
  for (const r of res.rows) {
    const v = typeof r.v === 'string' ? (JSON.parse(r.v) as T) : r.v;
    out.set(`${r.id}|${r.day}`, v ?? ofPiece(await rawPiece(db, r.id, r.day)));
  }
  return out;
}

async function rawPiece(db: Db, deviceId: number, day: string): Promise<PieceInput> {
  const from = dayStart(day);
  const to = from + DAY_MS;
  const [fixes, ctx] = await Promise.all([
    readFixes(db, deviceId, from, to),
    neighbourFixes(db, deviceId, from, to, TRACK_CONTEXT_MS),
  ]);
  return { fixes, from, to, ...ctx };
}
