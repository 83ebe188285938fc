import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An agent's account with a payment provider. `type` is PAYMENT_TYPE. `account` holds the
 * provider settings (PayPal client id/secret, WeChat mch id/app id/key): never send the
 * secret fields back to the browser.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    account: jsonb('account').$type<Record<string, string>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_accounts_user_type_uq').on(t.userId, t.type)],
);

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
