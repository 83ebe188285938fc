import { boolean, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { FenceAlarmMode } from '../../../src/domain/fence/rules';
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
    /** Which crossings raise an alarm for this device: in, out or both (spec section 9). */
    alarmMode: varchar('alarm_mode', { length: 8 }).$type<FenceAlarmMode>().notNull().default('inout'),
    /** FENCE_POST_TYPES: platform only, +SMS, +SMS+phone, +phone. */
    postType: smallint('post_type').notNull().default(1),
    /** Time modes: minutes inside (outside) before a stay alarm; 0 off. */
    inMinutes: smallint('in_minutes').notNull().default(0),
    outMinutes: smallint('out_minutes').notNull().default(0),
    /** Last known side of the fence (null = unknown): in/out alarms fire on a change. */
    inside: boolean('inside'),
    insideChangedAt: timestamp('inside_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.deviceId] }), index('fence_devices_device_idx').on(t.deviceId)],
);
