import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { fences } from './fences';

/** A vehicle's visit to a check-car area or point: arrival, and departure once it left. */
export const areaVisits = pgTable(
  'area_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    /** Null while the vehicle is still there. */
    departedAt: timestamp('departed_at', { withTimezone: true }),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  // A visit seen twice (a resent frame, two nodes) is stored once.
  (t) => [
    uniqueIndex('area_visits_key_idx').on(t.fenceId, t.deviceId, t.arrivedAt),
    index('area_visits_device_idx').on(t.deviceId, t.arrivedAt),
    // The engine reads the open visits at each reload: kept small however long the history.
    index('area_visits_open_idx')
      .on(t.deviceId)
      .where(sql`${t.departedAt} IS NULL`),
  ],
);

export type AreaVisitRow = typeof areaVisits.$inferSelect;
