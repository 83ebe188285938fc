import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Keys of the public API (/api/v1). The secret is shown once when made or refreshed; only its
 * sha256 is kept (`key_hash`), with a short `prefix` so owners can tell keys apart. A key acts
 * as its owner, within the owner's subtree, read-only or read-write (`scope`).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    /** API_KEY_SCOPE: 'read' or 'write' (write includes read). */
    scope: varchar('scope', { length: 8 }).notNull().default('read'),
    /** Requests per minute; null: the platform default. */
    ratePerMinute: integer('rate_per_minute'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
