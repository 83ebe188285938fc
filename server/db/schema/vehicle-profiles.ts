import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * Vehicle profile of a device ("huaxiang" data import, issue 5): the driver and the vehicle
 * model. Kept beside the device row, not on it: the hot devices row is rewritten by every
 * position batch and stays narrow.
 */
export const vehicleProfiles = pgTable('vehicle_profiles', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  driverName: varchar('driver_name', { length: 64 }).notNull().default(''),
  driverPhone: varchar('driver_phone', { length: 32 }).notNull().default(''),
  vehicleModel: varchar('vehicle_model', { length: 64 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type VehicleProfileRow = typeof vehicleProfiles.$inferSelect;
