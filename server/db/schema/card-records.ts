import { index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Card operation records. `operation` is CARD_OPERATION: 1 system setting (cards issued),
 * 2 transfer, 3 device import, 4 renewal. `from_user_id` is null for issued cards.
 */
export const cardRecords = pgTable(
  'card_records',
  {
    id: serial('id').primaryKey(),
    operation: smallint('operation').notNull(),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Operator, when not the from user (an admin issuing cards, for instance). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    cardType: smallint('card_type').notNull(),
    /** Terminal ids renewed or imported by this operation, if any. */
    terminalIds: jsonb('terminal_ids').$type<string[]>(),
    /** Renewals: the device's platform expiry before and after (one record per device). */
    expireBefore: timestamp('expire_before', { withTimezone: true }),
    expireAfter: timestamp('expire_after', { withTimezone: true }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('card_records_from_idx').on(t.fromUserId, t.createdAt),
    index('card_records_to_idx').on(t.toUserId, t.createdAt),
    index('card_records_time_idx').on(t.createdAt),
  ],
);

export type CardRecordRow = typeof cardRecords.$inferSelect;
