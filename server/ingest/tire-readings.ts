import { sql } from 'drizzle-orm';
import type { TireSensorReading } from '../../src/domain/tire';
import type { Db } from '../db/client';
import { pgArray, type Scalar } from './pg-array';

/** One wheel's reading on its way to tire_readings. */
export interface TireRow extends TireSensorReading {
  deviceId: number;
  /** The time of the position the reading came with. */
  time: Date;
}

/**
 * A round's readings, at most one per device and wheel: the newest (by position time) wins, so
 * a blind-area re-upload never replaces what a live report said.
 */
export function addTireReadings(
  rows: Map<string, TireRow>,
  deviceId: number,
  time: Date,
  readings: readonly TireSensorReading[],
): void {
  for (const r of readings) {
    const key = `${deviceId}:${r.position}`;
    const held = rows.get(key);
    if (held && held.time > time) continue;
    rows.set(key, { ...r, deviceId, time });
  }
}

const arr = (values: Scalar[]) => sql.param(pgArray(values));

/**
 * Upserts the readings in one statement (whole columns as arrays, as the position writer
 * does). A stored reading newer than the incoming one stays; a device deleted meanwhile is
 * skipped instead of failing the batch on its foreign key.
 */
export async function upsertTireReadings(db: Db, rows: readonly TireRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = (f: (r: TireRow) => Scalar) => arr(rows.map(f));
  await db.execute(sql`
    INSERT INTO tire_readings (device_id, position, pressure_kpa, temperature_c, battery_pct, event_type, updated_at)
    SELECT v.* FROM unnest(
      ${col((r) => r.deviceId)}::int[],
      ${col((r) => r.position)}::smallint[],
      ${col((r) => r.pressureKpa)}::int[],
      ${col((r) => r.temperatureC)}::int[],
      ${col((r) => r.batteryPct)}::smallint[],
      ${col((r) => r.eventType)}::int[],
      ${col((r) => r.time.toISOString())}::timestamptz[]
    ) AS v(device_id, position, pressure_kpa, temperature_c, battery_pct, event_type, updated_at)
    WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = v.device_id)
    ON CONFLICT (device_id, position) DO UPDATE SET
      pressure_kpa = excluded.pressure_kpa, temperature_c = excluded.temperature_c,
      battery_pct = excluded.battery_pct, event_type = excluded.event_type, updated_at = excluded.updated_at
    WHERE tire_readings.updated_at <= excluded.updated_at`);
}
