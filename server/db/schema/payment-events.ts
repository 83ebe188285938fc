import { integer, jsonb, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * Every provider message we acted on, unique by provider and event id: a webhook delivered
 * again (providers retry, and may deliver twice at once) finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
