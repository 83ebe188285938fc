import { bigint, bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { commands } from './commands';
import { offlineCommands } from './offline-commands';
import { users } from './users';

/**
 * Audit trail of command state changes (queued, sent, replied, timeout, expired...), for the
 * factory "cmdTask" log and for debugging delivery. One of the two command ids is set.
 */
export const commandStatusLog = pgTable(
  'command_status_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commandId: bigint('command_id', { mode: 'number' }).references(() => commands.id, {
      onDelete: 'cascade',
    }),
    offlineCommandId: integer('offline_command_id').references(() => offlineCommands.id, {
      onDelete: 'cascade',
    }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    detail: text('detail'),
    /** Who caused the change; null for the gateway itself. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('command_status_log_command_idx').on(t.commandId),
    index('command_status_log_offline_idx').on(t.offlineCommandId),
    index('command_status_log_terminal_time_idx').on(t.terminalId, t.createdAt),
  ],
);
