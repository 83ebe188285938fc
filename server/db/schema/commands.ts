import { bigserial, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { offlineCommands } from './offline-commands';
import { users } from './users';

export type CommandStatus = 'pending' | 'sent' | 'replied' | 'timeout' | 'failed';

/**
 * Commands sent to devices and their replies (spec "Directive/command": content, backContent).
 * `result` is COMMAND_RESULT (1 success, 2 timeout, 3 error), null until decided.
 * `terminal_id` is copied so the history survives a device deletion or re-import.
 */
export const commands = pgTable(
  'commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The device's reply text (legacy name backContent). */
    reply: text('reply'),
    result: smallint('result'),
    status: varchar('status', { length: 16 }).$type<CommandStatus>().notNull().default('pending'),
    /** Device protocol code at the time of sending. */
    protocol: smallint('protocol').notNull(),
    /** Set when the command came from the offline queue. */
    offlineCommandId: integer('offline_command_id').references(() => offlineCommands.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('commands_device_time_idx').on(t.deviceId, t.createdAt),
    index('commands_terminal_time_idx').on(t.terminalId, t.createdAt),
    index('commands_user_idx').on(t.userId),
  ],
);

export type CommandRow = typeof commands.$inferSelect;
