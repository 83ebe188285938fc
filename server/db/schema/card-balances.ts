import { check, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * Prepaid renewal cards held by an account: a count per CARD_TYPE (spec section 3). Every change
 * is one guarded UPDATE in the transaction that writes its card_records row, so two renewals
 * can never spend the same card and a count never goes below zero.
 */
export const cardBalances = pgTable(
  'card_balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardType: smallint('card_type').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cardType] }),
    check('card_balances_count_ck', sql`${t.count} >= 0`),
  ],
);

export type CardBalanceRow = typeof cardBalances.$inferSelect;
