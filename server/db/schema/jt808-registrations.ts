import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * JT/T 808 registrations: the authentication code the platform issued to a terminal in its
 * 0x8100 reply, keyed by terminal id (as devices and factory stock are), so it survives
 * restarts, works on every node and follows a stock device into an account.
 */
export const jt808Registrations = pgTable('jt808_registrations', {
  terminalId: varchar('terminal_id', { length: 20 }).primaryKey(),
  authCode: varchar('auth_code', { length: 32 }).notNull(),
  /**
   * Manufacturer and terminal model/id fields of the register message: a terminal that
   * registers again with the same ones (it lost the reply) gets the same code; another one
   * claiming the number is refused.
   */
  terminalKey: varchar('terminal_key', { length: 96 }).notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
});
