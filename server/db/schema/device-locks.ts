import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * The lock rule of spec section 4: an unlocked device stays unlocked for LOCK_RESTORE_MINUTES;
 * after that the platform locks it again once it is outside its fences.
 */
export const deviceLocks = pgTable('device_locks', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
  /** When the lock was restored; null while the device is unlocked. */
  restoredAt: timestamp('restored_at', { withTimezone: true }),
});
