import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Renewal orders paid online. `status` is ORDER_STATUS (1 to be paid, 2 completed,
 * 3 refunded), `payment_type` PAYMENT_TYPE (1 paypal, 2 weixinMiniprogram),
 * `recharge_type` the CARD_TYPE (validity period) bought. Money is numeric (string in JS).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 40 }).notNull().unique(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    /** The paying user. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The agent whose payment account receives the money, if any. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    paymentType: smallint('payment_type').notNull(),
    rechargeType: smallint('recharge_type').notNull(),
    /** Terminal ids whose expiry is extended. */
    rechargeTarget: jsonb('recharge_target').$type<string[]>().notNull().default([]),
    discountCode: varchar('discount_code', { length: 32 }),
    /** Price multiplier of the discount code (0.90 = 10% off); null without a code. */
    discountRate: numeric('discount_rate', { precision: 4, scale: 3 }),
    /** New platform expiry of the targets after payment. */
    expireTime: timestamp('expire_time', { withTimezone: true }),
    days: integer('days').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    /** Reference of the payment provider (PayPal capture id, WeChat transaction id). */
    transactionId: varchar('transaction_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_time_idx').on(t.userId, t.createdAt),
    index('orders_agent_idx').on(t.agentId),
    index('orders_status_idx').on(t.status),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
