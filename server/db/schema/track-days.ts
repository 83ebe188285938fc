import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * Daily rollup of a device's track: one row per device and platform day (GMT+8), computed from
 * raw positions by the rollup job (server/jobs/track-rollup.ts) with src/domain/track, so that
 * statistics over 90 days read 90 small rows per device instead of 777,600 positions.
 * Days without a fix have no row. The heavy per-day parts live in track_day_shapes.
 */
export const trackDays = pgTable(
  'track_days',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Platform calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    mileageM: doublePrecision('mileage_m').notNull().default(0),
    movingS: integer('moving_s').notNull().default(0),
    /** km/h */
    maxSpeed: real('max_speed').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Points by kind (valid, network, jump), see src/domain/track/shape.ts kindIndex. */
    counts: integer('counts').array().notNull(),
    firstFix: timestamp('first_fix', { withTimezone: true }),
    lastFix: timestamp('last_fix', { withTimezone: true }),
    batteryLast: smallint('battery_last'),
    batteryMin: smallint('battery_min'),
    /** Alarms of the day by type, e.g. {"sos": 2}. */
    alarms: jsonb('alarms')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    alarmCount: integer('alarm_count').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.day] }),
    // The report columns after the key: countMileage and CountTrackInfo over 10,000 devices
    // read this index alone (index-only scan) instead of one heap page per device-day.
    index('track_days_report_idx').on(t.deviceId, t.day, t.mileageM, t.movingS, t.maxSpeed, t.points),
  ],
);

export type TrackDayRow = typeof trackDays.$inferSelect;
export type NewTrackDayRow = typeof trackDays.$inferInsert;
