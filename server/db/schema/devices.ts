import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A tracker. Owned by one account (`user_id`); `agent_id` is the agent that imported it.
 * The last position and state live on the row (updated once per ingest batch per device).
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    terminalId: varchar('terminal_id', { length: 20 }).notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    agentId: integer('agent_id').references(() => users.id),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    carNumber: varchar('car_number', { length: 16 }).notNull().default(''),
    sim: varchar('sim', { length: 20 }).notNull().default(''),
    iccid: varchar('iccid', { length: 24 }).notNull().default(''),
    cardIccid: varchar('card_iccid', { length: 24 }).notNull().default(''),
    deviceType: varchar('device_type', { length: 32 }).notNull().default(''),
    /** Device protocol code (spec section 3, DEVICE_PROTOCOL). */
    protocol: smallint('protocol').notNull(),
    /**
     * The gateway family a device of a protocol code with none (K100 and the like) first
     * connected through; other families are refused from then on (familyMayServe).
     */
    boundFamily: varchar('bound_family', { length: 16 }),
    /** Import protocol (IMPORT_PROTOCOL) chosen when the device was imported. */
    importProtocol: smallint('import_protocol').notNull().default(0),
    iconType: smallint('icon_type').notNull().default(1),
    timezone: smallint('timezone').notNull().default(8),
    expireType: smallint('expire_type').notNull().default(0),
    host: varchar('host', { length: 128 }).notNull().default(''),
    /** NB-IoT devices: the id the NB platform knows it by (spec: the Nbiot deviceId lookup). */
    nbDeviceId: varchar('nb_device_id', { length: 64 }),
    passwordHash: text('password_hash'),
    /**
     * The password was drawn by the platform (import, reset) or retired as the old shared default:
     * a device login must choose its own before it may do anything else.
     */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    /** SHA-256 (hex) of the key the OsmAnd listener requires of this device; null: none (src/domain/osmand-key.ts). */
    osmandKeyHash: text('osmand_key_hash'),
    /** DEVICE_STATE: 0 unknown, 1 online, 2 offline, 3 unactivated, 4 expired. */
    state: smallint('state').notNull().default(3),
    stateTime: timestamp('state_time', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    platformExpireAt: timestamp('platform_expire_at', { withTimezone: true }),
    userExpireAt: timestamp('user_expire_at', { withTimezone: true }),
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    offlineAt: timestamp('offline_at', { withTimezone: true }),
    // last position
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    speed: real('speed'),
    course: smallint('course'),
    altitude: real('altitude'),
    fixTime: timestamp('fix_time', { withTimezone: true }),
    positionType: varchar('position_type', { length: 8 }),
    valid: boolean('valid'),
    acc: boolean('acc'),
    battery: smallint('battery'),
    mileage: doublePrecision('mileage'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** Overspeed alarm threshold in km/h; null: OVERSPEED_KMH. */
    speedLimit: smallint('speed_limit'),
    /** Fastest believable speed in km/h: faster fixes are jumps (src/domain/fix-jump.ts); null: its kind's. */
    maxSpeed: smallint('max_speed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_user_idx').on(t.userId),
    index('devices_agent_idx').on(t.agentId),
    index('devices_state_idx').on(t.state),
    index('devices_car_number_idx').on(t.carNumber),
    index('devices_platform_expire_idx').on(t.platformExpireAt),
    // Keyword search of the device list (IMEI, name, plate prefixes; issue 5). The pattern
    // operator classes let LIKE 'abc%' use the index whatever the database collation.
    index('devices_terminal_prefix_idx').using('btree', sql`${t.terminalId} varchar_pattern_ops`),
    index('devices_nickname_prefix_idx').using('btree', sql`lower(${t.nickname}) text_pattern_ops`),
    index('devices_car_number_prefix_idx').using('btree', sql`${t.carNumber} varchar_pattern_ops`),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;
