import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export type StockStatus = 'in_stock' | 'shipped';

/**
 * Factory stock: every terminal that left the production line, with its factory test record.
 * Importing a device requires a row here with `test_passed` (spec 5: "An IMEI with no factory
 * test record is rejected"). Shipping to an agent sets `status` and `shipped_to`.
 */
export const stock = pgTable(
  'stock',
  {
    id: serial('id').primaryKey(),
    terminalId: varchar('terminal_id', { length: 20 }).notNull().unique(),
    deviceType: varchar('device_type', { length: 32 }).notNull().default(''),
    /** DEVICE_PROTOCOL code. */
    protocol: smallint('protocol').notNull(),
    imei: varchar('imei', { length: 20 }),
    iccid: varchar('iccid', { length: 24 }),
    firmwareVersion: varchar('firmware_version', { length: 64 }),
    testPassed: boolean('test_passed').notNull().default(false),
    /** When the factory test ran; null = never tested. */
    testedAt: timestamp('tested_at', { withTimezone: true }),
    /** Details of the factory test (GPS fix, GSM signal, voltage...). */
    testRecord: jsonb('test_record').$type<Record<string, unknown>>(),
    status: varchar('status', { length: 16 }).$type<StockStatus>().notNull().default('in_stock'),
    shippedTo: integer('shipped_to').references(() => users.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    batchNo: varchar('batch_no', { length: 32 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_status_idx').on(t.status),
    index('stock_shipped_to_idx').on(t.shippedTo),
    index('stock_iccid_idx').on(t.iccid),
  ],
);

export type StockRow = typeof stock.$inferSelect;
