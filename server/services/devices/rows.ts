import { eq, inArray, sql } from 'drizzle-orm';
import { ancestorIds } from '../../../src/domain/hierarchy';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { shownStateSql } from './expiry-sql';

/** The device's own columns of DeviceListRow (all but the owner's user name). */
export const deviceOwnColumns = {
  id: devices.id,
  terminalID: devices.terminalId,
  nickname: devices.nickname,
  carNumber: devices.carNumber,
  sim: devices.sim,
  iccid: devices.iccid,
  cardIccid: devices.cardIccid,
  deviceType: devices.deviceType,
  protocol: devices.protocol,
  importProtocol: devices.importProtocol,
  iconType: devices.iconType,
  timezone: devices.timezone,
  expireType: devices.expireType,
  host: devices.host,
  /** The shown state (src/domain/expiry.ts shownState): 4 once the decisive expiry passed. */
  state: sql<number>`${shownStateSql()}`.mapWith(Number),
  userId: devices.userId,
  agentId: devices.agentId,
  activatedAt: devices.activatedAt,
  platformExpireAt: devices.platformExpireAt,
  userExpireAt: devices.userExpireAt,
  createdAt: devices.createdAt,
  lastOnlineAt: devices.lastOnlineAt,
  remark: devices.remark,
};

/** The device columns every management screen shows (docs/api/devices.md, DeviceListRow). */
export const deviceRowColumns = { ...deviceOwnColumns, username: users.username };

/** Selects device rows with their owner's user name; the caller adds WHERE, ORDER and LIMIT. */
export const selectDeviceRows = (db: Db) =>
  db.select(deviceRowColumns).from(devices).leftJoin(users, eq(users.id, devices.userId));

export type DeviceListRow = Awaited<ReturnType<ReturnType<typeof selectDeviceRows>['execute']>>[number];

/**
 * Usernames from `from` (the caller) down to each given owner, e.g. [agent, subagent, user].
 * `known` (usually the subtree the list covered) saves the queries; missing accounts are read.
 */
export async function ownerPaths(
  db: Db,
  fromId: number,
  ownerIds: readonly number[],
  known: readonly { id: number; ancestors: string; username: string }[] = [],
): Promise<Map<number, string[]>> {
  const byId = new Map(known.map((a) => [a.id, a]));
  const distinct = [...new Set(ownerIds)].filter((id) => id > 0);
  const unknownOwners = distinct.filter((id) => !byId.has(id));
  if (unknownOwners.length) await readAccounts(db, unknownOwners, byId);
  const chains = new Map<number, number[]>();
  for (const id of distinct) {
    const o = byId.get(id);
    if (!o) continue;
    const chain = [...ancestorIds(o), o.id];
    const start = chain.indexOf(fromId);
    chains.set(id, start >= 0 ? chain.slice(start) : [id]);
  }
  const missing = [...new Set([...chains.values()].flat())].filter((id) => !byId.has(id));
  if (missing.length) await readAccounts(db, missing, byId);
  return new Map(
    [...chains].map(([id, chain]) => [id, chain.map((i) => byId.get(i)?.username ?? String(i))]),
  );
}

async function readAccounts(
  db: Db,
  ids: number[],
  into: Map<number, { id: number; ancestors: string; username: string }>,
) {
  const rows = await db
    .select({ id: users.id, ancestors: users.ancestors, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  for (const r of rows) into.set(r.id, r);
}
