import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';

export type DeviceLogDirection = 'in' | 'out';

/**
 * Raw gateway traffic for the factory log pages (queries are limited to the last 7 days).
 * `device_id` is null for terminals that are not imported yet: the log is looked up by
 * terminal id, hence the (terminal_id, created_at) index. Purge old rows with a periodic
 * DELETE (or partition this table like positions if it grows large).
 */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    direction: varchar('direction', { length: 3 }).$type<DeviceLogDirection>().notNull(),
    protocol: smallint('protocol'),
    /** Frame as upper-case hex without separators. */
    raw: text('raw').notNull(),
    decoded: jsonb('decoded').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_logs_terminal_time_idx').on(t.terminalId, t.createdAt),
    index('device_logs_time_idx').on(t.createdAt),
  ],
);

export type DeviceLogRow = typeof deviceLogs.$inferSelect;
