import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';

/** Device alarms (SOS, overspeed, fence in/out, power cut...). Unread until marked read. */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Alarm type key, e.g. "sos", "overspeed", "fenceIn", "fenceOut", "powerCut", "lowBattery". */
    type: varchar('type', { length: 32 }).notNull(),
    /** Time the alarm happened on the device, UTC. */
    time: timestamp('time', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    speed: real('speed'),
    read: boolean('read').notNull().default(false),
    /** Reverse-geocoded address, saved by the client (saveAlarmAddress). */
    address: varchar('address', { length: 255 }),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per device, type and time: an alarm seen twice (a resent frame, two nodes of a
  // cluster) is stored once.
  (t) => [uniqueIndex('alarms_device_time_type_idx').on(t.deviceId, t.time, t.type), index('alarms_time_idx').on(t.time)],
);

export type AlarmRow = typeof alarms.$inferSelect;
