import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Spec "Device count record" (agentDeviceCount page, /device/count/*): per agent, the number
 * of devices it holds directly and in its whole subtree, as maintained by an admin.
 */
export const deviceCounts = pgTable('device_counts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  deviceCount: integer('device_count').notNull().default(0),
  totalDeviceCount: integer('total_device_count').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeviceCountRow = typeof deviceCounts.$inferSelect;
