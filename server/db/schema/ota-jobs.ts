import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export type OtaJobStatus = 'pending' | 'running' | 'done' | 'cancelled';

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
    status: varchar('status', { length: 16 }).$type<OtaJobStatus>().notNull().default('pending'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ota_jobs_created_idx').on(t.createdAt)],
);

export type OtaJobRow = typeof otaJobs.$inferSelect;
