import type { CommandDef, CommandParamDef, DeviceTypeCommandConfig } from '../../../src/domain/command-set';
import { boolean, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export type { CommandDef, CommandParamDef, DeviceTypeCommandConfig };

/**
 * Device models. `devices.device_type` holds the `name` (a string, not a foreign key: the
 * spec keys the device config map by device type name, and imports may name a type first).
 */
export const deviceTypes = pgTable('device_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  /** Default device protocol code (DEVICE_PROTOCOL) of this model. */
  protocol: smallint('protocol').notNull(),
  /** Import protocol (IMPORT_PROTOCOL) used when importing this model. */
  importProtocol: smallint('import_protocol').notNull().default(0),
  description: varchar('description', { length: 255 }).notNull().default(''),
  /** Default icon type for new devices of this model. */
  iconType: smallint('icon_type').notNull().default(1),
  commandConfig: jsonb('command_config').$type<DeviceTypeCommandConfig>().notNull().default({ commands: [] }),
  /**
   * Ack frames that carry positions, once they are stored (src/domain/location-ack.ts): null
   * follows the protocol (JT/T 808 and GT06 alarms yes, GT06 plain locations no).
   */
  locationAck: boolean('location_ack'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeviceTypeRow = typeof deviceTypes.$inferSelect;
