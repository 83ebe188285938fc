import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgArray, type Scalar } from './pg-array';
import type { PositionRecord } from './position-writer';

const col = (batch: PositionRecord[], f: (r: PositionRecord) => Scalar) => batch.map(f);
/** One array parameter, as a literal the server parses (see pg-array.ts for why). */
const arr = (values: Scalar[]) => sql.param(pgArray(values));

/**
 * One INSERT for the batch. A fix already stored (same device and fix time: a tracker resent
 * it after a lost ack or a reconnect) is skipped by the unique index, not stored twice.
 */
export async function insertPositions(db: Db, batch: PositionRecord[]) {
  await db.execute(sql`
    INSERT INTO positions (device_id, fix_time, server_time, lat, lon, speed, course, altitude, valid,
      position_type, satellites, acc, battery, mileage, alarm, attributes)
    SELECT * FROM unnest(
      ${arr(col(batch, (r) => r.deviceId))}::int[],
      ${arr(col(batch, (r) => r.fixTime.toISOString()))}::timestamptz[],
      ${arr(col(batch, (r) => r.serverTime.toISOString()))}::timestamptz[],
      ${arr(col(batch, (r) => r.lat))}::float8[],
      ${arr(col(batch, (r) => r.lon))}::float8[],
      ${arr(col(batch, (r) => r.speed))}::real[],
      ${arr(col(batch, (r) => r.course))}::smallint[],
      ${arr(col(batch, (r) => r.altitude))}::real[],
      ${arr(col(batch, (r) => r.valid))}::boolean[],
      ${arr(col(batch, (r) => r.positionType))}::varchar[],
      ${arr(col(batch, (r) => r.satellites))}::smallint[],
      ${arr(col(batch, (r) => r.acc))}::boolean[],
      ${arr(col(batch, (r) => r.battery))}::smallint[],
      ${arr(col(batch, (r) => r.mileage))}::float8[],
      ${arr(col(batch, (r) => r.alarm))}::varchar[],
      ${arr(col(batch, (r) => (r.attributes ? JSON.stringify(r.attributes) : null)))}::jsonb[]
    )
    ON CONFLICT DO NOTHING`);
}

/** Moves each device row to its newest trusted fix (one row per device in `rows`). */
export async function updateLastPositions(db: Db, rows: PositionRecord[]) {
  if (rows.length === 0) return;
  // A re-uploaded old fix must not move the vehicle back in time.
  await db.execute(sql`
    UPDATE devices d SET lat = v.lat, lon = v.lon, speed = v.speed, course = v.course, altitude = v.altitude,
      fix_time = v.fix_time, valid = v.valid, position_type = v.position_type,
      acc = coalesce(v.acc, d.acc), battery = coalesce(v.battery, d.battery), mileage = coalesce(v.mileage, d.mileage),
      updated_at = now()
    FROM unnest(
      ${arr(col(rows, (r) => r.deviceId))}::int[],
      ${arr(col(rows, (r) => r.lat))}::float8[],
      ${arr(col(rows, (r) => r.lon))}::float8[],
      ${arr(col(rows, (r) => r.speed))}::real[],
      ${arr(col(rows, (r) => r.course))}::smallint[],
      ${arr(col(rows, (r) => r.altitude))}::real[],
      ${arr(col(rows, (r) => r.fixTime.toISOString()))}::timestamptz[],
      ${arr(col(rows, (r) => r.valid))}::boolean[],
      ${arr(col(rows, (r) => r.positionType))}::varchar[],
      ${arr(col(rows, (r) => r.acc))}::boolean[],
      ${arr(col(rows, (r) => r.battery))}::smallint[],
      ${arr(col(rows, (r) => r.mileage))}::float8[]
    ) AS v(id, lat, lon, speed, course, altitude, fix_time, valid, position_type, acc, battery, mileage)
    WHERE d.id = v.id AND (d.fix_time IS NULL OR v.fix_time >= d.fix_time)`);
}

/**
 * ACC, battery and odometer of reports without a trusted fix (one row per device): the device
 * row keeps its last valid position and fix time.
 */
export async function updateLastStatus(db: Db, rows: PositionRecord[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE devices d SET acc = coalesce(v.acc, d.acc), battery = coalesce(v.battery, d.battery),
      mileage = coalesce(v.mileage, d.mileage), updated_at = now()
    FROM unnest(
      ${arr(col(rows, (r) => r.deviceId))}::int[],
      ${arr(col(rows, (r) => r.acc))}::boolean[],
      ${arr(col(rows, (r) => r.battery))}::smallint[],
      ${arr(col(rows, (r) => r.mileage))}::float8[]
    ) AS v(id, acc, battery, mileage)
    WHERE d.id = v.id`);
}
