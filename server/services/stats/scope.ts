import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { displayName } from '../../../src/domain/device-view';
import { DAY_MS, dayOf, daysFrom, dayStart, STATS_MAX_DAYS } from '../../../src/domain/track';
import { ACCOUNT_ZONE, zoneLabel } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { badField, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { ownerAccounts } from '../devices/filter';
import { idArray, inIds } from '../../lib/sql';

/**
 * What every statistics report covers: the devices of the caller's subtree, or of a selected
 * account (and its subtree unless told otherwise), narrowed to the given terminal ids, over a
 * range of platform days. A terminal id outside the scope simply matches nothing.
 */
export interface StatsFilter {
  userId?: number;
  includeSubtree?: boolean;
  terminalIDs?: string[];
  startDate?: string;
  endDate?: string;
  pageNum?: number;
  pageSize?: number;
}

export interface StatsDevice {
  id: number;
  terminalID: string;
  name: string;
  userId: number | null;
  username: string;
  deviceType: string;
  battery: number | null;
  fixTime: Date | null;
  expireType: number;
  platformExpireAt: Date | null;
  userExpireAt: Date | null;
}

export async function statsDevices(
  db: Db,
  auth: AuthContext,
  f: StatsFilter,
  extra?: SQL,
): Promise<StatsDevice[]> {
  const owners = await ownerAccounts(db, auth, { userId: f.userId, includeSubtree: f.includeSubtree });
  const conds: SQL[] = [
    inArray(
      devices.userId,
      owners.map((o) => o.id),
    ),
  ];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  if (f.terminalIDs?.length) conds.push(inArray(devices.terminalId, f.terminalIDs));
  if (extra) conds.push(extra);
  const rows = await db
    .select({
      id: devices.id,
      terminalID: devices.terminalId,
      nickname: devices.nickname,
      carNumber: devices.carNumber,
      userId: devices.userId,
      username: users.username,
      deviceType: devices.deviceType,
      battery: devices.battery,
      fixTime: devices.fixTime,
      expireType: devices.expireType,
      platformExpireAt: devices.platformExpireAt,
      userExpireAt: devices.userExpireAt,
    })
    .from(devices)
    .leftJoin(users, eq(users.id, devices.userId))
    .where(and(...conds));
  return rows.map(({ nickname, carNumber, username, ...r }) => ({
    ...r,
    username: username ?? '',
    name: displayName({ carNumber, nickname, terminalID: r.terminalID }),
  }));
}

/**
 * The scope as ids only, for reports over many devices: the owning accounts and the devices'
 * ids in ascending order (the order of the rollups' indexes). Names come later, only for the
 * rows a page lists (deviceNames).
 */
export async function statsScope(db: Db, auth: AuthContext, f: StatsFilter) {
  const owners = (await ownerAccounts(db, auth, { userId: f.userId, includeSubtree: f.includeSubtree })).map(
    (o) => o.id,
  );
  const conds: SQL[] = [inIds(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  if (f.terminalIDs?.length) conds.push(inArray(devices.terminalId, f.terminalIDs));
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(...conds))
    .orderBy(devices.id);
  // Whole accounts: their daily sums (track_owner_days) stand for their devices.
  const wholeAccounts = auth.deviceId == null && !f.terminalIDs?.length;
  return { owners, ids: rows.map((r) => r.id), wholeAccounts };
}

/** Terminal id and display name of the given devices. */
export async function deviceNames(db: Db, ids: number[]) {
  const out = new Map<number, { terminalID: string; name: string }>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 10_000) {
    const rows = await db
      .select({
        id: devices.id,
        terminalID: devices.terminalId,
        nickname: devices.nickname,
        carNumber: devices.carNumber,
      })
      .from(devices)
      .where(sql`${devices.id} = ANY(${idArray(unique.slice(i, i + 10_000))}::int[])`);
    for (const r of rows)
      out.set(r.id, {
        terminalID: r.terminalID,
        name: displayName({ carNumber: r.carNumber, nickname: r.nickname, terminalID: r.terminalID }),
      });
  }
  return out;
}

/** The days a report covers and the zone they are cut in, as its answer states them. */
export interface StatsPeriod {
  startDate: string;
  endDate: string;
  /** "GMT+8": the account zone (src/domain/time-zone.ts). */
  timeZone: string;
}

/**
 * The days of a report: both ends included, at most STATS_MAX_DAYS asked, and none after the
 * account's today (a browser ahead of the account zone asks for its own "today", which has not
 * begun there: no report shows a day that has not come).
 */
export function statsDays(
  f: StatsFilter,
  now = Date.now(),
): { first: string; last: string; days: string[]; period: StatsPeriod } {
  if (!f.startDate) throw badField('fieldRequired', 'startDate');
  if (!f.endDate) throw badField('fieldRequired', 'endDate');
  const first = f.startDate;
  if (f.endDate < first) throw badRequest('rangeOrder');
  if ((dayStart(f.endDate) - dayStart(first)) / DAY_MS + 1 > STATS_MAX_DAYS)
    throw badRequest('statsRangeTooLong');
  const today = dayOf(now);
  const last = f.endDate > today ? today : f.endDate;
  return {
    first,
    last,
    days: daysFrom(first, last),
    // A range wholly to come ends before it starts: no day covered.
    period: { startDate: first, endDate: last, timeZone: zoneLabel(ACCOUNT_ZONE) },
  };
}

/** LIMIT and OFFSET of a statistics page (spec: page size 100,000 unless asked). */
export function statsPage(f: StatsFilter, pageSizeDefault: number) {
  const size = f.pageSize ?? pageSizeDefault;
  return { limit: size, offset: ((f.pageNum ?? 1) - 1) * size };
}
