import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Changes of an agent's import count (users.import_num): given by a parent (positive delta),
 * passed on to a sub-agent (negative) or consumed by imports (negative).
 */
export const importNumRecords = pgTable(
  'import_num_records',
  {
    id: serial('id').primaryKey(),
    /** The account whose import count changed. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_num_records_user_time_idx').on(t.userId, t.createdAt)],
);

export type ImportNumRecordRow = typeof importNumRecords.$inferSelect;
