import { index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { paymentAccounts } from './payment-accounts';
import { users } from './users';

/**
 * Renewal orders paid online. `status` is ORDER_STATUS (1 to be paid, 2 completed,
 * 3 refunded), `payment_type` PAYMENT_TYPE (1 paypal, 2 weixinMiniprogram),
 * `recharge_type` the CARD_TYPE (validity period) bought. Money is integer minor units
 * (cents, fen) in the order's currency, so no amount is ever rounded twice.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 40 }).notNull().unique(),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    /** The paying user. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The agent whose payment account receives the money, if any. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    paymentAccountId: integer('payment_account_id').references(() => paymentAccounts.id, {
      onDelete: 'set null',
    }),
    paymentType: smallint('payment_type').notNull(),
    /** The adapter that took the payment: paypal, wechat or sandbox. */
    provider: varchar('provider', { length: 16 }).notNull().default('sandbox'),
    /** The provider's own id of the payment (PayPal order id, WeChat prepay id). */
    providerOrderId: varchar('provider_order_id', { length: 64 }),
    rechargeType: smallint('recharge_type').notNull(),
    /** Terminal ids whose expiry is extended. */
    rechargeTarget: jsonb('recharge_target').$type<string[]>().notNull().default([]),
    discountCode: varchar('discount_code', { length: 32 }),
    /** Percent of the price paid under the discount code (90 = 10% off); null without a code. */
    discountRate: smallint('discount_rate'),
    /** New platform expiry of the targets after payment (of the first, when they differ). */
    expireTime: timestamp('expire_time', { withTimezone: true }),
    days: integer('days').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    status: smallint('status').notNull().default(1),
    /** An order still to be paid that can no longer be: ORDER_CLOSED (cancelled, failed, expired). */
    closedReason: varchar('closed_reason', { length: 16 }),
    /** Reference of the payment provider (PayPal capture id, WeChat transaction id). */
    transactionId: varchar('transaction_id', { length: 64 }),
    refundNo: varchar('refund_no', { length: 40 }),
    refundId: varchar('refund_id', { length: 64 }),
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
