import { bigint, date, doublePrecision, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Daily sums of track_days over the devices an account owns (kept by the rollup job), so the
 * per-date chart and totals of countMileage over a fleet of 10,000 devices read a few rows per
 * account and day instead of one per device and day. A device changing owner moves its days
 * at the job's next run; the whole table is rebuilt from track_days every hour, which also
 * drops deleted devices.
 */
export const trackOwnerDays = pgTable(
  'track_owner_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    mileageM: doublePrecision('mileage_m').notNull(),
    movingS: bigint('moving_s', { mode: 'number' }).notNull(),
    /** Device-day rows summed (devices with a rollup that day). */
    devices: integer('devices').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
