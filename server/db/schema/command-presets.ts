import type { ParamValues } from '../../../src/domain/command-set';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Saved commands of an account (getOrderCommand / saveOrderCommand): a device-type command with
 * its parameters, or raw text, under a name the account chose.
 */
export const commandPresets = pgTable(
  'command_presets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    commandKey: varchar('command_key', { length: 32 }),
    params: jsonb('params').$type<ParamValues>(),
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('command_presets_user_name_uq').on(t.userId, t.name),
    index('command_presets_user_idx').on(t.userId),
  ],
);

export type CommandPresetRow = typeof commandPresets.$inferSelect;
