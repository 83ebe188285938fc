import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export type FenceType = 'circle' | 'polygon' | 'rectangle';
export type FenceAlarmMode = 'in' | 'out' | 'inout';

/**
 * Geofences. A circle uses centre + radius (metres); a polygon or rectangle uses `points`
 * as [lon, lat] pairs in WGS-84 (a rectangle is stored as its 4 corners).
 */
export const fences = pgTable(
  'fences',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<FenceType>().notNull(),
    centerLat: doublePrecision('center_lat'),
    centerLon: doublePrecision('center_lon'),
    radius: integer('radius'),
    points: jsonb('points').$type<[number, number][]>(),
    /** 1 enabled, 0 disabled. */
    state: smallint('state').notNull().default(1),
    alarmMode: varchar('alarm_mode', { length: 8 }).$type<FenceAlarmMode>().notNull().default('inout'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fences_user_idx').on(t.userId)],
);

export type FenceRow = typeof fences.$inferSelect;
