import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { orders } from './orders';

/**
 * What a completed order did to each device: its expiries before and after. A refund
 * takes back exactly this interval, once, even if the device was renewed again since.
 */
export const orderRenewals = pgTable(
  'order_renewals',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    expireBefore: timestamp('expire_before', { withTimezone: true }),
    expireAfter: timestamp('expire_after', { withTimezone: true }).notNull(),
    /** A device whose user expiry decides (expire type 1) has that moved too. */
    userExpireBefore: timestamp('user_expire_before', { withTimezone: true }),
    userExpireAfter: timestamp('user_expire_after', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.terminalId] })],
);

export type OrderRenewalRow = typeof orderRenewals.$inferSelect;
