import {
  bigint,
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

export type OtaDeviceStatus = 'pending' | 'sent' | 'downloading' | 'success' | 'failed' | 'cancelled';

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
    attempts: smallint('attempts').notNull().default(0),
    /** Bytes of the firmware this device has downloaded (its progress when the protocol tells none). */
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull().default(0),
    /** Secret of the device's download URL: ties range requests to this row. */
    token: varchar('token', { length: 40 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ota_job_devices_job_terminal_uq').on(t.jobId, t.terminalId),
    index('ota_job_devices_terminal_idx').on(t.terminalId),
    unique('ota_job_devices_token_uq').on(t.token),
  ],
);
