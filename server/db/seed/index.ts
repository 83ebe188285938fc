import { hash } from '@node-rs/argon2';
import { count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ROLE } from '../../../config/roles';
import type { Db, DbHandle } from '../client';
import * as schema from '../schema/index';
import { users } from '../schema/users';
import { buildAccounts, DEMO_PASSWORD, resetUserSequence, seedAccounts, SEED_USER_IDS } from './accounts';
import { seedActivity } from './activity';
import { seedDepotFences } from './depot-fences';
import { seedDemoPlaces } from './demo-places';
import { seedOperations } from './operations';
import { seedFactoryOta } from './factory-ota';
import { seedDeviceTypes } from './device-types';
import { buildDemoFleet, insertDevices } from './devices';
import { seedCommerce } from './misc';
import { buildStock, insertStock } from './stock';
import { seedIpTransfers } from './ip-transfers';
import { seedFactorySettings } from './factory-settings';
import { seedFactoryStock } from './factory-stock';
import { seedFactoryQc } from './factory-qc';
import { buildTracks, insertPositions } from './tracks';
import { seedHistory } from './history-seed';
import { seedTires } from './tires';

export { DEMO_PASSWORD, SEED_USER_IDS } from './accounts';
export { FLEET_PLAN } from './devices';

/** Same parameters as the server uses for new passwords (argon2id is the library default). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export interface SeedOptions {
  /** Empty every table first (TRUNCATE ... RESTART IDENTITY CASCADE). */
  reset?: boolean;
  /** Password of the admin account; every other demo account uses DEMO_PASSWORD. */
  adminPassword?: string;
  /** Reference time for expiries and last fixes (tests pin it); default now. */
  now?: Date;
  /** 90 days of history and the daily rollups (history-seed.ts); default true. */
  history?: boolean;
}

export interface SeedSummary {
  users: number;
  devices: number;
  positions: number;
  stock: number;
}

/** Every table name of the schema (positions' partitions follow their parent). */
export function allTableNames(): string[] {
  return Object.values(schema)
    .filter((v: unknown): v is PgTable => is(v, PgTable))
    .map((t) => getTableName(t));
}

export async function truncateAll(db: Db) {
  const list = allTableNames()
    .map((n) => `"${n}"`)
    .join(', ');
  await db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
}

async function userCount(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return Number(n);
}

/**
 * Loads the demo data set (accounts with fixed ids, 200 devices in every state, history,
 * stock, commerce rows). Deterministic apart from times, which are relative to `now`.
 * Without `reset` the database must have no users.
 */
export async function seedDemo(target: { db: Db }, opts: SeedOptions = {}): Promise<SeedSummary> {
  const { db } = target;
  const now = opts.now ?? new Date();
  // One hash for every demo account and device: argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const adminHash = opts.adminPassword ? await hashPassword(opts.adminPassword) : passwordHash;

  if (opts.reset) await truncateAll(db);
  else if ((await userCount(db)) > 0) throw new Error('seedDemo: the database already has users (use reset)');

  const accounts = buildAccounts(passwordHash, now, adminHash);
  const fleet = buildDemoFleet(now);
  const stockRows = buildStock(fleet.devices, now, new Set(fleet.devices.map((d) => d.terminalId)));
  const tracks = buildTracks(fleet.devices, now);

  await db.transaction(async (tx) => {
    await seedAccounts(tx, passwordHash, now, adminHash);
    await seedDeviceTypes(tx);
    await insertDevices(tx, fleet.devices);
    await insertStock(tx, stockRows);
    await seedFactoryStock(tx, stockRows);
    await seedFactoryQc(tx, stockRows);
    await insertPositions(tx, tracks);
    await seedCommerce(tx, fleet.devices, accounts, now);
    await seedActivity(tx, fleet.devices, now);
    await seedDepotFences(tx, fleet.devices, now);
    await seedDemoPlaces(tx, fleet.devices, now);
    await seedOperations(tx, fleet.devices, now);
    await seedFactoryOta(tx, fleet.devices, now);
    await seedTires(tx, fleet.devices);
    await seedIpTransfers(tx, fleet.devices, now);
    await seedFactorySettings(tx, fleet.devices, stockRows, now);
    if (opts.history !== false) await seedHistory(tx, fleet.devices, tracks, now);
  });
  return {
    users: accounts.length,
    devices: fleet.devices.length,
    positions: tracks.length,
    stock: stockRows.length,
  };
}

/**
 * First start of the embedded database: seeds the demo when there are no users. Never seeds
 * PostgreSQL (a real deployment starts empty; see ensureAdmin). Returns whether it seeded.
 */
export async function seedIfEmpty(handle: DbHandle, opts: Omit<SeedOptions, 'reset'> = {}): Promise<boolean> {
  if (handle.kind !== 'pglite') return false;
  if ((await userCount(handle.db)) > 0) return false;
  await seedDemo(handle, opts);
  return true;
}

/**
 * Creates the admin account (id 1, username admin) when no user exists, e.g. on the first
 * start against PostgreSQL with ADMIN_PASSWORD set. Returns whether it created it.
 */
export async function ensureAdmin(handle: { db: Db }, password: string): Promise<boolean> {
  if (!password) throw new Error('ensureAdmin: empty password');
  const passwordHash = await hashPassword(password);
  const created = await handle.db.transaction(async (tx) => {
    // Serialise concurrent first starts of several nodes.
    await tx.execute(sql`LOCK TABLE users IN EXCLUSIVE MODE`);
    if ((await userCount(tx)) > 0) return false;
    await tx.insert(users).values({
      id: SEED_USER_IDS.admin,
      parentId: 0,
      ancestors: '0',
      username: 'admin',
      passwordHash,
      nickname: 'Administrator',
      role: ROLE.admin,
    });
    await resetUserSequence(tx);
    return true;
  });
  return created;
}
