import { integer, pgTable, serial, smallint, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Firmware images for OTA. The bytes live on disk under the firmware directory (`storage_key`
 * is the file's name there); trackers download them over HTTP with range requests.
 */
export const firmwares = pgTable(
  'firmwares',
  {
    id: serial('id').primaryKey(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    /** DEVICE_PROTOCOL code: decides the upgrade command. */
    protocol: smallint('protocol').notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    storageKey: varchar('storage_key', { length: 128 }).notNull(),
    notes: text('notes').notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('firmwares_type_version_uq').on(t.deviceType, t.version)],
);

export type FirmwareRow = typeof firmwares.$inferSelect;
