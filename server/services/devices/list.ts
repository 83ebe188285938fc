import { and, count, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { pageWindow, type PageParams } from '../../lib/envelope';
import type { AuthContext } from '../../plugins/auth';
import { cachedCount } from './count-cache';
import { deviceConditions, ownerAccounts, type DeviceFilter } from './filter';
import {
  decodeCursor,
  encodeCursor,
  orderSql,
  reverse,
  seekSql,
  sortValueSql,
  type Direction,
  type OrderKey,
  type Position,
  type Sort,
} from './keyset';
import { pageMap } from './page-map';
import { deviceOwnColumns, ownerPaths, type DeviceListRow } from './rows';

export { ORDER_COLUMNS, type OrderKey } from './keyset';

export interface DeviceListQuery extends DeviceFilter, PageParams {
  orderBy?: OrderKey;
  order?: Direction;
  /** Cursor (`next` of a page): the rows after it. */
  after?: string;
  /** Cursor (`prev` of a page): the rows before it. */
  before?: string;
}

/** ORDER BY of a list: the chosen column, then id so pages never overlap on equal values. */
export const orderOf = (q: Sort): SQL[] => orderSql(q);

/**
 * Pages up to this deep are read with OFFSET: walking a few hundred index entries costs less
 * than building the page map (page-map.ts) that deeper pages seek through.
 */
const OFFSET_MAX = 300;

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

type Row = Omit<DeviceListRow, 'username'> & { sortValue: string | null };
export type DeviceListPage = {
  list: (DeviceListRow & { ownerPath?: string[] })[];
  total: number;
  /** Cursor of the last row: pass as `after` for the next page. */
  next?: string;
  /** Cursor of the first row: pass as `before` for the previous page. */
  prev?: string;
};

/**
 * deviceList / deviceListV2: one page of the caller's devices under the filters, and the
 * number of devices matching them. V2 adds each owner's path below the caller. A page is
 * asked by number (pageNum) or, from a page already shown, by its cursors (after / before);
 * either way no page costs more than the first (keyset.ts).
 */
export async function deviceList(
  db: Db,
  auth: AuthContext,
  q: DeviceListQuery,
  withPath = false,
): Promise<DeviceListPage> {
  const accounts = await ownerAccounts(db, auth, q);
  const owners = accounts.map((a) => a.id);
  const where = deviceConditions(owners, q, auth);
  const key = countKey(owners, q, auth);
  const [rows, total] = await Promise.all([
    pageRows(db, where, key, q),
    cachedCount(key, async () => {
      const [row] = await db.select({ n: count() }).from(devices).where(where);
      return Number(row?.n ?? 0);
    }),
  ]);
  const cursors = rows.length
    ? {
        prev: encodeCursor(q, { v: rows[0]!.sortValue, id: rows[0]!.id }),
        next: encodeCursor(q, { v: rows.at(-1)!.sortValue, id: rows.at(-1)!.id }),
      }
    : {};
  // The owners' names come from the accounts read for the scope: no join in the page query.
  const names = new Map(accounts.map((a) => [a.id, a.username]));
  const list: DeviceListRow[] = rows.map(({ sortValue: _, ...r }) => ({
    ...r,
    username: r.userId == null ? null : (names.get(r.userId) ?? null),
  }));
  if (!withPath) return { list, total, ...cursors };
  const paths = await ownerPaths(
    db,
    auth.user.id,
    list.map((r) => r.userId ?? 0),
    accounts,
  );
  return {
    list: list.map((r) => ({ ...r, ownerPath: paths.get(r.userId ?? 0) ?? [] })),
    total,
    ...cursors,
  };
}

/** The rows of the page asked: by cursor, by a shallow OFFSET, or by a seek through the page map. */
async function pageRows(db: Db, where: SQL, key: string, q: DeviceListQuery): Promise<Row[]> {
  const { limit, offset } = pageWindow(q);
  const dir: Direction = q.order ?? 'desc';
  const read = (cond: SQL | undefined, d: Direction, skip = 0) =>
    db
      .select({ ...deviceOwnColumns, sortValue: sortValueSql(q) })
      .from(devices)
      .where(cond ? and(where, cond) : where)
      .orderBy(...orderSql(q, d))
      .limit(limit)
      .offset(skip);
  if (q.after) return read(seekSql(q, dir, decodeCursor(q.after, q, 'after')), dir);
  if (q.before) {
    // The page before: read backwards from the cursor, then put the rows back in order.
    const back = await read(seekSql(q, reverse(dir), decodeCursor(q.before, q, 'before')), reverse(dir));
    return back.reverse();
  }
  if (offset <= OFFSET_MAX) return read(undefined, dir, offset);
  const map = await pageMap(db, key, where, q, limit);
  const page = Math.floor(offset / limit);
  const start: Position | undefined = map.starts[page];
  // Past the end of the map (a page beyond the last): the last start and how far beyond it.
  if (start) return read(seekSql(q, dir, start, true), dir);
  const last = map.starts.at(-1);
  if (!last) return [];
  return read(seekSql(q, dir, last, true), dir, (page - (map.starts.length - 1)) * limit);
}
