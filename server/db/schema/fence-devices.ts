import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { fences } from './fences';

/** Allocation of a fence to devices. A fence with rows here cannot be deleted (spec 5). */
export const fenceDevices = pgTable(
  'fence_devices',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'restrict' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Last known side of the fence (null = unknown): in/out alarms fire on a change. */
    inside: boolean('inside'),
    insideChangedAt: timestamp('inside_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.deviceId] }), index('fence_devices_device_idx').on(t.deviceId)],
);
