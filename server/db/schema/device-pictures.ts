import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

/**
 * Photos of a device (installation, vehicle). The bytes live on disk under the picture
 * directory (`storage_key` is the file's generated name there); `file_name` is only shown.
 */
export const devicePictures = pgTable(
  'device_pictures',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 128 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_pictures_device_idx').on(t.deviceId)],
);
export type DevicePictureRow = typeof devicePictures.$inferSelect;
