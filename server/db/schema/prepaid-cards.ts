import { boolean, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

/**
 * Prepaid renewal cards, one row per card. `card_type` is CARD_TYPE (1 half year .. 6 three
 * years). The owner's card balance per type is a count of unused rows; a transfer changes
 * `user_id`, a renewal sets `used` and the device. Operations are logged in card_records.
 */
export const prepaidCards = pgTable(
  'prepaid_cards',
  {
    id: serial('id').primaryKey(),
    cardNo: varchar('card_no', { length: 32 }).notNull().unique(),
    cardType: smallint('card_type').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    used: boolean('used').notNull().default(false),
    usedDeviceId: integer('used_device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** Copied so the record stays readable after the device is deleted. */
    usedTerminalId: varchar('used_terminal_id', { length: 20 }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prepaid_cards_owner_idx').on(t.userId, t.cardType, t.used)],
);

export type PrepaidCardRow = typeof prepaidCards.$inferSelect;
