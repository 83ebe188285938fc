import { integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One parameter of a command template: `{name}` in `content` is replaced by its value. */
export interface CommandParamDef {
  name: string;
  /** i18n key of the field label. */
  labelKey: string;
  type: 'number' | 'text' | 'select';
  min?: number;
  max?: number;
  default?: string | number;
  options?: { value: string; labelKey: string }[];
}

/** A command the UI offers for a device type (spec: "command config is per device type"). */
export interface CommandDef {
  /** Stable identifier, e.g. "relayOff". */
  key: string;
  /** i18n key of the button / menu label. */
  labelKey: string;
  /** Text template sent to the device, e.g. "Relay,1#" or "TIMER,{interval}#". */
  content: string;
  params?: CommandParamDef[];
  /** Ask for confirmation before sending (fuel cut and similar). */
  confirm?: boolean;
}

export interface DeviceTypeCommandConfig {
  commands: CommandDef[];
}

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
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeviceTypeRow = typeof deviceTypes.$inferSelect;
