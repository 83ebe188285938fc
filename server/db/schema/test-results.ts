import {
  bigserial,
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

/** One checked item of a test-bench run (a voltage, the GSM signal, a button). */
export interface TestItem {
  name: string;
  value?: string | number | boolean | null;
  passed: boolean;
  /** What the bench expected (a range or a value), as shown to the operator. */
  expected?: string;
}

/** GPS fix quality measured on the bench. */
export interface GpsFixQuality {
  satellites?: number;
  /** Mean carrier-to-noise of the satellites used, dB-Hz. */
  snrAvg?: number;
  /** Time to first fix, seconds. */
  fixSeconds?: number;
  hdop?: number;
  latitude?: number;
  longitude?: number;
}

/**
 * Factory test configurations (exportSerialResult/configList): which items a bench checks for
 * a device type, with their limits. A result may name the configuration it ran.
 */
export const testConfigs = pgTable('test_configs', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  deviceType: varchar('device_type', { length: 32 }).notNull().default(''),
  /** TEST_KIND of src/domain. */
  kind: smallint('kind').notNull(),
  items: jsonb('items').$type<Record<string, unknown>[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Test-bench results per IMEI (serial-port tests, GPS tests, location tests), uploaded by the
 * benches' API or by file. The latest passing result marks the stock row `test_passed`, which
 * deviceImport requires.
 */
export const testResults = pgTable(
  'test_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    terminalId: varchar('terminal_id', { length: 20 }).notNull(),
    kind: smallint('kind').notNull(),
    passed: boolean('passed').notNull(),
    items: jsonb('items').$type<TestItem[]>().notNull().default([]),
    gps: jsonb('gps').$type<GpsFixQuality>(),
    deviceType: varchar('device_type', { length: 32 }).notNull().default(''),
    firmwareVersion: varchar('firmware_version', { length: 64 }).notNull().default(''),
    iccid: varchar('iccid', { length: 24 }).notNull().default(''),
    station: varchar('station', { length: 64 }).notNull().default(''),
    operator: varchar('operator', { length: 64 }).notNull().default(''),
    configId: integer('config_id').references(() => testConfigs.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_results_terminal_time_idx').on(t.terminalId, t.testedAt),
    index('test_results_time_idx').on(t.testedAt),
  ],
);

export type TestResultRow = typeof testResults.$inferSelect;
export type TestConfigRow = typeof testConfigs.$inferSelect;
