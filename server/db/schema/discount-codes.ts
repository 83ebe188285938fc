import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * Discount codes for online renewal. `rate` is the percent of the price paid (90 = 10% off).
 * `status` 1 enabled, 0 disabled. A code is single-use: an order claims it when created
 * (`used`, `order_id`), and a closed unpaid order gives it back.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Unique per creator only: whether another agent has a code must not be learnable. */
    code: varchar('code', { length: 32 }).notNull(),
    rate: smallint('rate').notNull(),
    /** Codes created together share a batch number, to find and disable them together. */
    batchNo: varchar('batch_no', { length: 32 }),
    used: boolean('used').notNull().default(false),
    status: smallint('status').notNull().default(1),
    /** Creator (an agent); the code is valid for the creator's subtree. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_codes_user_idx').on(t.userId),
    uniqueIndex('discount_codes_user_code_idx').on(t.userId, t.code),
  ],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
