import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Accounts of every kind (admin, agents, sub-agents, end users, factory staff).
 * `ancestors` is the comma-delimited id chain from the root ("0,1,2"), so a subtree is a
 * prefix match on an indexed column.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    ancestors: varchar('ancestors', { length: 1000 }).notNull().default('0'),
    username: varchar('username', { length: 64 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    realname: varchar('realname', { length: 64 }).notNull().default(''),
    telephone: varchar('telephone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    idCard: varchar('id_card', { length: 32 }).notNull().default(''),
    role: smallint('role').notNull(),
    /** Devices this agent may still import (spec: "agents have a settable number of device imports"). */
    importNum: integer('import_num').notNull().default(0),
    /** Login is refused with code 208 after this instant. */
    expireAt: timestamp('expire_at', { withTimezone: true }),
    language: varchar('language', { length: 8 }),
    payAllowed: boolean('pay_allowed').notNull().default(false),
    /**
     * The administrator lets this agent import devices that have no factory test record (trackers
     * bought elsewhere: a Teltonika, an H02). Off by default; only the administrator changes it.
     */
    importThirdParty: boolean('import_third_party').notNull().default(false),
    /** Set by a password reset: the one-time password must be changed before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_parent_idx').on(t.parentId),
    index('users_ancestors_idx').using('btree', sql`${t.ancestors} varchar_pattern_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
