import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { firmwares } from './firmwares';
import { users } from './users';

export type OtaJobStatus = 'pending' | 'running' | 'done' | 'cancelled';
/** How the targets were chosen: an IMEI list, or every device of a device type. */
export type OtaTargetMode = 'imeis' | 'type';

/** Firmware (OTA) upgrade jobs of the factory back office. Per-device progress: ota_job_devices. */
export const otaJobs = pgTable(
  'ota_jobs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    firmwareVersion: varchar('firmware_version', { length: 64 }).notNull(),
    firmwareUrl: varchar('firmware_url', { length: 512 }).notNull().default(''),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    targetTerminalIds: jsonb('target_terminal_ids').$type<string[]>().notNull().default([]),
    firmwareId: integer('firmware_id').references(() => firmwares.id, { onDelete: 'set null' }),
    targetMode: varchar('target_mode', { length: 8 }).$type<OtaTargetMode>().notNull().default('imeis'),
    status: varchar('status', { length: 16 }).$type<OtaJobStatus>().notNull().default('pending'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ota_jobs_created_idx').on(t.createdAt)],
);

export type OtaJobRow = typeof otaJobs.$inferSelect;
