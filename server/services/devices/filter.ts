import { and, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { DEVICE_MENU_TYPE } from '../../../src/domain/codes';
import { expiryWindow, IMEI_SEARCH_MAX_LINES } from '../../../src/domain/device-rules';
import { parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { ReadCache } from '../../lib/read-cache';
import { inIds } from '../../lib/sql';
import { selectedAccount, subtreeOf } from '../scope';
import { decisiveExpirySql, shownStateIsSql } from './expiry-sql';

/** The filters of the device list, its export and its counts (docs/api/devices.md). */
export interface DeviceFilter {
  menuType?: number;
  state?: number;
  expiry?: number;
  deviceType?: string;
  protocol?: number;
  importProtocol?: number;
  userId?: number;
  includeSubtree?: boolean;
  imeis?: string;
  keyword?: string;
}

/** `menuType` of the screen's tabs as a device state (0 or anything else: all). */
const MENU_STATE: Record<number, number> = {
  [DEVICE_MENU_TYPE.online]: 1,
  [DEVICE_MENU_TYPE.offline]: 2,
  [DEVICE_MENU_TYPE.inactive]: 3,
};

export interface OwnerAccount {
  id: number;
  ancestors: string;
  username: string;
}

/**
 * The owners a list covers: the selected account (or the caller) and, unless told otherwise,
 * everything below it. The ids are read first and passed as a literal list: PostgreSQL then
 * knows how many owners there are and plans the device scan accordingly, instead of guessing
 * the selectivity of a sub-select on the ancestors prefix. The rows also give the owner paths
 * of deviceListV2 without another query.
 */
export async function ownerAccounts(db: Db, auth: AuthContext, f: DeviceFilter): Promise<OwnerAccount[]> {
  if (auth.deviceId != null) return [auth.user];
  // Shared briefly between requests (server/lib/read-cache.ts): every page of a list asks it.
  const key = [auth.user.id, auth.user.ancestors, f.userId ?? 0, f.includeSubtree !== false].join('|');
  return ownersCache.get(key, () => loadOwnerAccounts(db, auth, f));
}

const ownersCache = new ReadCache<OwnerAccount[]>();

async function loadOwnerAccounts(db: Db, auth: AuthContext, f: DeviceFilter): Promise<OwnerAccount[]> {
  const cols = { id: users.id, ancestors: users.ancestors, username: users.username };
  const root = await selectedAccount(db, auth, f.userId);
  if (f.includeSubtree === false) return [root];
  return db.select(cols).from(users).where(subtreeOf(root));
}

export async function ownerIds(db: Db, auth: AuthContext, f: DeviceFilter): Promise<number[]> {
  return (await ownerAccounts(db, auth, f)).map((a) => a.id);
}

/** The WHERE of a device list: owners plus every given filter. */
export function deviceConditions(
  owners: number[],
  f: DeviceFilter,
  auth: AuthContext,
  now = new Date(),
): SQL {
  const conds: SQL[] = [inIds(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  const state = f.state ?? (f.menuType != null ? MENU_STATE[f.menuType] : undefined);
  // The state the rows show and the decisive expiry (src/domain/expiry.ts), not the stored code
  // and the platform date alone: a filter must find what the list displays.
  if (state != null) conds.push(shownStateIsSql(state, now));
  const win = f.expiry != null ? expiryWindow(f.expiry, now) : null;
  if (win) {
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    conds.push(
      win.from
        ? sql`${decisiveExpirySql} BETWEEN ${at(win.from)} AND ${at(win.to)}`
        : sql`${decisiveExpirySql} < ${at(win.to)}`,
    );
  }
  if (f.deviceType) conds.push(eq(devices.deviceType, f.deviceType));
  if (f.protocol != null) conds.push(eq(devices.protocol, f.protocol));
  if (f.importProtocol != null) conds.push(eq(devices.importProtocol, f.importProtocol));
  if (f.imeis) {
    const list = parseLines(f.imeis).slice(0, IMEI_SEARCH_MAX_LINES);
    if (list.length) conds.push(inArray(devices.terminalId, list));
  }
  const kw = f.keyword?.trim();
  if (kw) {
    // Prefixes only: each is an index range scan (migration 0002); a "contains" search would
    // read every device of the subtree. Names compare case-insensitively, plates in upper case.
    const esc = kw.replace(/[\\%_]/g, (c) => `\\${c}`);
    conds.push(
      or(
        like(devices.terminalId, `${esc}%`),
        sql`lower(${devices.nickname}) like ${`${esc.toLowerCase()}%`}`,
        like(devices.carNumber, `${esc.toUpperCase()}%`),
      )!,
    );
  }
  return and(...conds)!;
}
