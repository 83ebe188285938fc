import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { alarms } from './alarms';
import { users } from './users';

/** An account's webhook: alarms of its subtree are posted here, the body signed with `secret`. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 512 }).notNull(),
    secret: varchar('secret', { length: 128 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** WEBHOOK_EVENTS it receives, comma-separated: 'alarm' (durable, retried) and 'position' (batched). */
    events: varchar('events', { length: 64 }).notNull().default('alarm'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * Every notice handed to a notifier (SMS, phone call, webhook) and how it went: the outbox the
 * retries read, and the log users see.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' }).references(() => alarms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'sms' | 'phone' | 'webhook'. */
    channel: varchar('channel', { length: 16 }).notNull(),
    /** A phone number or a URL. */
    target: varchar('target', { length: 512 }).notNull(),
    body: text('body').notNull(),
    /** 'pending' | 'sent' | 'failed'. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 255 }),
    provider: varchar('provider', { length: 32 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notifications_due_idx').on(t.status, t.nextAttemptAt), index('notifications_alarm_idx').on(t.alarmId)],
);

export type NotificationRow = typeof notifications.$inferSelect;
