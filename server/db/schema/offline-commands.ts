import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

export type OfflineCommandStatus = 'queued' | 'sent' | 'delivered' | 'expired' | 'cancelled';

/**
 * Offline command queue: commands for a device that is not connected, delivered in `seq`
 * order when it next connects ("will be sent again when the machine next connects").
 * `seq` is a global sequence so ordering is stable across nodes; reorder by rewriting it.
 */
export const offlineCommands = pgTable(
  'offline_commands',
  {
    id: serial('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    protocol: smallint('protocol').notNull(),
    status: varchar('status', { length: 16 }).$type<OfflineCommandStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('offline_commands_device_status_seq_idx').on(t.deviceId, t.status, t.seq),
    index('offline_commands_terminal_idx').on(t.terminalId),
  ],
);

export type OfflineCommandRow = typeof offlineCommands.$inferSelect;
