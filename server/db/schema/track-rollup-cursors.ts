import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * How far the rollup job got per device: the device's newest fix time when its days were last
 * computed. A device whose row holds a newer fix has days to recompute, from the day of this
 * fix to the day of the new one (which also covers fixes a tracker uploads late after a gap).
 */
export const trackRollupCursors = pgTable('track_rollup_cursors', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
  /** The owner the device's days were last summed under (track_owner_days). */
  ownerId: integer('owner_id'),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});
