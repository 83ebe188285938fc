import { integer, pgTable, serial, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Renewal price an agent charges its customers per CARD_TYPE (validity period), in minor units. */
export const renewPrices = pgTable(
  'renew_prices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardType: smallint('card_type').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('renew_prices_user_card_type_uq').on(t.userId, t.cardType)],
);

export type RenewPriceRow = typeof renewPrices.$inferSelect;
