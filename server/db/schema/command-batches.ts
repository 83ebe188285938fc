import type { ParamValues } from '../../../src/domain/command-set';
import type { CommandBatchStatus, CommandItemStatus } from '../../../src/domain/command-batch';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

export type { CommandBatchStatus };

/**
 * One command sent to many devices (multipleCmd). `batch_key` is the client-chosen id its
 * websocket progress is told under; the command is either a device-type command (`command_key`
 * with `params`, rendered per device type) or raw text (`content`).
 */
export const commandBatches = pgTable(
  'command_batches',
  {
    id: serial('id').primaryKey(),
    batchKey: varchar('batch_key', { length: 64 }).notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    commandKey: varchar('command_key', { length: 32 }),
    params: jsonb('params').$type<ParamValues>(),
    content: text('content'),
    /** What the batch is called in lists: the command's label key or its raw text. */
    label: varchar('label', { length: 200 }).notNull().default(''),
    total: integer('total').notNull(),
    status: varchar('status', { length: 16 }).$type<CommandBatchStatus>().notNull().default('running'),
    /** The node that runs it (pacing is per node; a restarted node marks its leftovers interrupted). */
    node: varchar('node', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('command_batches_user_time_idx').on(t.userId, t.createdAt)],
);

export type CommandBatchItemStatus = CommandItemStatus;

/** One device of a batch and what became of it; `reason` is a MESSAGES key when it failed. */
export const commandBatchItems = pgTable(
  'command_batch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => commandBatches.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    status: varchar('status', { length: 16 }).$type<CommandBatchItemStatus>().notNull().default('pending'),
    reason: varchar('reason', { length: 48 }),
    content: text('content'),
    reply: text('reply'),
    result: smallint('result'),
    commandId: bigint('command_id', { mode: 'number' }),
    offlineCommandId: integer('offline_command_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('command_batch_items_batch_status_idx').on(t.batchId, t.status),
    index('command_batch_items_terminal_idx').on(t.terminalId, t.updatedAt),
    index('command_batch_items_time_idx').on(t.updatedAt),
  ],
);

export type CommandBatchRow = typeof commandBatches.$inferSelect;
export type CommandBatchItemRow = typeof commandBatchItems.$inferSelect;
