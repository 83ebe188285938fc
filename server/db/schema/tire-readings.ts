import { integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * The latest tire pressure (TPMS) reading of each wheel of a device (JT/T 808 item 0x66,
 * docs/protocols.md): one row per device and wheel, overwritten by newer reports. States are
 * not stored; src/domain/tire.ts derives them from these values when they are read.
 */
export const tireReadings = pgTable(
  'tire_readings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Wheel number, 0 = left front, "Z" order (src/domain/tire.ts). */
    position: smallint('position').notNull(),
    /** Null: the terminal sent no value. */
    pressureKpa: integer('pressure_kpa'),
    temperatureC: integer('temperature_c'),
    batteryPct: smallint('battery_pct'),
    /** Event type word of the report: bit flags of TIRE_EVENT. */
    eventType: integer('event_type').notNull().default(0),
    /** The time of the position the reading came with. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.position] })],
);

export type TireReadingRow = typeof tireReadings.$inferSelect;
