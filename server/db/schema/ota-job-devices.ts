import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { otaJobs } from './ota-jobs';

export type OtaDeviceStatus = 'pending' | 'sent' | 'downloading' | 'success' | 'failed';

/** One target of an OTA job and its progress. */
export const otaJobDevices = pgTable(
  'ota_job_devices',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => otaJobs.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    status: varchar('status', { length: 16 }).$type<OtaDeviceStatus>().notNull().default('pending'),
    /** percent */
    progress: smallint('progress').notNull().default(0),
    fromVersion: varchar('from_version', { length: 64 }),
    result: text('result'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ota_job_devices_job_terminal_uq').on(t.jobId, t.terminalId),
    index('ota_job_devices_terminal_idx').on(t.terminalId),
  ],
);
