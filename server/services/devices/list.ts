import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { pageWindow, type PageParams } from '../../lib/envelope';
import type { AuthContext } from '../../plugins/auth';
import { cachedCount } from './count-cache';
import { deviceConditions, ownerAccounts, type DeviceFilter } from './filter';
import { ownerPaths, selectDeviceRows, type DeviceListRow } from './rows';

export const ORDER_COLUMNS = {
  id: devices.id,
  terminalID: devices.terminalId,
  platformExpireAt: devices.platformExpireAt,
  lastOnlineAt: devices.lastOnlineAt,
  createdAt: devices.createdAt,
} as const;
export type OrderKey = keyof typeof ORDER_COLUMNS;

export interface DeviceListQuery extends DeviceFilter, PageParams {
  orderBy?: OrderKey;
  order?: 'asc' | 'desc';
}

/** ORDER BY of a list: the chosen column, then id so pages never overlap on equal values. */
export function orderOf(q: { orderBy?: OrderKey; order?: 'asc' | 'desc' }): SQL[] {
  const dir = q.order === 'asc' ? asc : desc;
  const col = ORDER_COLUMNS[q.orderBy ?? 'id'];
  return col === devices.id ? [dir(devices.id)] : [dir(col), dir(devices.id)];
}

/** The filter part of a request that decides its total (not paging or order). */
function countKey(owners: number[], q: DeviceListQuery, auth: AuthContext) {
  const { menuType, state, expiry, deviceType, protocol, importProtocol, imeis, keyword } = q;
  return JSON.stringify([
    owners,
    auth.deviceId,
    menuType,
    state,
    expiry,
    deviceType,
    protocol,
    importProtocol,
    imeis,
    keyword,
  ]);
}

/**
 * deviceList / deviceListV2: one page of the caller's devices under the filters, and the
 * number of devices matching them. V2 adds each owner's path below the caller.
 */
export async function deviceList(
  db: Db,
  auth: AuthContext,
  q: DeviceListQuery,
  withPath = false,
): Promise<{ list: (DeviceListRow & { ownerPath?: string[] })[]; total: number }> {
  const accounts = await ownerAccounts(db, auth, q);
  const owners = accounts.map((a) => a.id);
  const where = deviceConditions(owners, q, auth);
  const { limit, offset } = pageWindow(q);
  const [list, total] = await Promise.all([
    selectDeviceRows(db)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(limit)
      .offset(offset),
    cachedCount(countKey(owners, q, auth), async () => {
      const [row] = await db.select({ n: count() }).from(devices).where(where);
      return Number(row?.n ?? 0);
    }),
  ]);
  if (!withPath) return { list, total };
  const paths = await ownerPaths(
    db,
    auth.user.id,
    list.map((r) => r.userId ?? 0),
    accounts,
  );
  return { list: list.map((r) => ({ ...r, ownerPath: paths.get(r.userId ?? 0) ?? [] })), total };
}
