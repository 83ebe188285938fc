import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

import type { FenceKind } from '../../../src/domain/fence/shape';
import type { FenceAlarmMode } from '../../../src/domain/fence/rules';
import type { AreaPurpose } from '../../../src/domain/fence/purpose';

export type FenceType = FenceKind;
export type { FenceAlarmMode };

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
    /** A fence (allocated to devices), a risk point, or a check-car area or point. */
    purpose: varchar('purpose', { length: 16 }).$type<AreaPurpose>().notNull().default('fence'),
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
  // Names are unique per account and purpose (the index also serves the account's lists).
  (t) => [uniqueIndex('fences_user_purpose_name_idx').on(t.userId, t.purpose, t.name)],
);

export type FenceRow = typeof fences.$inferSelect;
