import { integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

/** The devices an account last chose for track playback (trackUser, at most 5), in order. */
export const trackUsers = pgTable(
  'track_users',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);
