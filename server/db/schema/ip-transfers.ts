import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

export type IpTransferStatus = 'running' | 'done' | 'cancelled';
export type IpTransferDeviceStatus = 'pending' | 'sent' | 'acked' | 'failed' | 'offline' | 'moved';

/** A batch of trackers sent the server-address command (transferIp). */
export const ipTransfers = pgTable(
  'ip_transfers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    host: varchar('host', { length: 128 }).notNull(),
    port: integer('port').notNull(),
    status: varchar('status', { length: 16 }).$type<IpTransferStatus>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ip_transfers_created_idx').on(t.createdAt)],
);

/** One tracker of a transfer: the command's outcome, and when it was seen at the new address. */
export const ipTransferDevices = pgTable(
  'ip_transfer_devices',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => ipTransfers.id, { onDelete: 'cascade' }),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    protocol: smallint('protocol'),
    /** host:port it was connected to when the command went out. */
    fromAddr: varchar('from_addr', { length: 160 }).notNull().default(''),
    status: varchar('status', { length: 16 }).$type<IpTransferDeviceStatus>().notNull().default('pending'),
    result: text('result'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    movedAt: timestamp('moved_at', { withTimezone: true }),
  },
  (t) => [
    unique('ip_transfer_devices_uq').on(t.transferId, t.terminalId),
    index('ip_transfer_devices_terminal_idx').on(t.terminalId),
  ],
);

export type IpTransferRow = typeof ipTransfers.$inferSelect;
export type IpTransferDeviceRow = typeof ipTransferDevices.$inferSelect;
