import {
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export type SubscriptionStatus = 'active' | 'failed' | 'cancelled';

/**
 * NB-IoT platform subscriptions (setting/subscribe: nbSubscribe, ccsSubscribe {notifyType}):
 * which notices the NB-IoT or CCS platform pushes to our callback, through a provider adapter.
 */
export const nbSubscriptions = pgTable(
  'nb_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** 'nb' (the NB-IoT platform) or 'ccs'. */
    kind: varchar('kind', { length: 8 }).notNull(),
    notifyType: varchar('notify_type', { length: 48 }).notNull(),
    callbackUrl: varchar('callback_url', { length: 512 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull().default('sandbox'),
    providerRef: varchar('provider_ref', { length: 128 }),
    status: varchar('status', { length: 16 }).$type<SubscriptionStatus>().notNull().default('active'),
    lastError: text('last_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('nb_subscriptions_kind_type_uq').on(t.kind, t.notifyType)],
);

/**
 * The platform a customer's trackers are set up for at the factory (configPlatformForUser):
 * server address, APN and reporting defaults, per account.
 */
export const platformConfigs = pgTable('platform_configs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  host: varchar('host', { length: 128 }).notNull(),
  port: integer('port').notNull(),
  apn: varchar('apn', { length: 64 }).notNull().default(''),
  apnUser: varchar('apn_user', { length: 64 }).notNull().default(''),
  apnPassword: varchar('apn_password', { length: 64 }).notNull().default(''),
  /** Seconds between position reports while moving. */
  uploadInterval: integer('upload_interval').notNull().default(30),
  /** Hours from UTC the device reports in. */
  timezone: smallint('timezone').notNull().default(0),
  extra: jsonb('extra').$type<Record<string, unknown>>(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provisioned device ids (idManager, GW005): an id issued to a batch, later bound to an IMEI. */
export const deviceIds = pgTable('device_ids', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  terminalId: varchar('terminal_id', { length: 20 }).unique(),
  deviceType: varchar('device_type', { length: 32 }).notNull().default(''),
  batchNo: varchar('batch_no', { length: 32 }).notNull().default(''),
  boundAt: timestamp('bound_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NbSubscriptionRow = typeof nbSubscriptions.$inferSelect;
export type PlatformConfigRow = typeof platformConfigs.$inferSelect;
export type DeviceIdRow = typeof deviceIds.$inferSelect;
