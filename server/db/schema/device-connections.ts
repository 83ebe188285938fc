import { boolean, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * Each known tracker's latest TCP connection: which gateway node holds it, from where, to which
 * local address and port, since when. Written on connect and close (not per frame); the device
 * state page and the IP transfer check read it.
 */
export const deviceConnections = pgTable('device_connections', {
  terminalId: varchar('terminal_id', { length: 20 }).primaryKey(),
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  protocol: smallint('protocol'),
  node: varchar('node', { length: 64 }).notNull().default(''),
  remoteAddr: varchar('remote_addr', { length: 64 }).notNull().default(''),
  localAddr: varchar('local_addr', { length: 64 }).notNull().default(''),
  localPort: integer('local_port').notNull().default(0),
  online: boolean('online').notNull().default(false),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
});

export type DeviceConnectionRow = typeof deviceConnections.$inferSelect;
