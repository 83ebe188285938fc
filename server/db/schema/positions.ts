import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Position history: the hot path. In SQL this table is `PARTITION BY RANGE (fix_time)` with
 * monthly partitions (`positions_yYYYYmMM`, see ../partitions.ts) and a DEFAULT partition;
 * drizzle-kit cannot express that, so the migration that creates it was edited by hand.
 * No surrogate key and no primary key: a fix is found by (device_id, fix_time), and every
 * extra index costs each of the thousands of inserts a second (docs/benchmarks.md).
 *
 * One fix per device per fix time is kept, as Traccar's duplicate filter does: that pair is
 * unique (it includes the partition key, so PostgreSQL allows it) and the writer inserts with
 * ON CONFLICT DO NOTHING, so a fix a tracker resends (its ack was lost, or it reconnected to
 * another gateway) is stored once.
 *
 * No foreign key to devices on purpose: every insert would pay for the check, and deleting a
 * device would have to scan every partition. Old history is dropped by detaching partitions.
 */
export const positions = pgTable(
  'positions',
  {
    deviceId: integer('device_id').notNull(),
    /** Time of the GPS fix, UTC. Partition key. */
    fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
    /** Time the server received it. */
    serverTime: timestamp('server_time', { withTimezone: true }).notNull().defaultNow(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** km/h */
    speed: real('speed').notNull().default(0),
    /** degrees 0..359 */
    course: smallint('course').notNull().default(0),
    altitude: real('altitude'),
    valid: boolean('valid').notNull().default(true),
    /** POSITION_TYPES: bds, gps, lbs, wifi */
    positionType: varchar('position_type', { length: 8 }).notNull().default('gps'),
    satellites: smallint('satellites'),
    acc: boolean('acc'),
    /** percent */
    battery: smallint('battery'),
    /** odometer, metres */
    mileage: doublePrecision('mileage'),
    /** Alarm flag/type carried by this fix, if any. */
    alarm: varchar('alarm', { length: 32 }),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
  },
  (t) => [uniqueIndex('positions_device_time_idx').on(t.deviceId, t.fixTime)],
);

export type PositionRow = typeof positions.$inferSelect;
export type NewPositionRow = typeof positions.$inferInsert;
