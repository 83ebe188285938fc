import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What happened to a stock terminal: stocked in, shipped out, removed, matched or cleared. */
export type StockOperation = 'in' | 'out' | 'removal' | 'iccid' | 'clearData' | 'clearCard';

/** The record of every stock and SIM operation, per terminal (who, when, what changed). */
export const stockRecords = pgTable(
  'stock_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    op: varchar('op', { length: 16 }).$type<StockOperation>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shipping: the account the terminal went to. */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_records_terminal_time_idx').on(t.terminalId, t.createdAt),
    index('stock_records_time_idx').on(t.createdAt),
  ],
);

export type StockRecordRow = typeof stockRecords.$inferSelect;
