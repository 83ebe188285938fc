import { and, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import { expiryWindow } from '../../../src/domain/device-rules';
import { DAY_MS, STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { statsDevices, statsPage, type StatsFilter } from './scope';

/**
 * countPastDue: devices past or near their platform expiry (spec section 9's expiry filters:
 * within 7 days, within 60 days, already expired), soonest first. Without a filter: expired
 * and within 60 days together. Dates do not apply.
 */
export interface PastDueQuery extends StatsFilter {
  expiry?: number;
}

export type PastDueStatus = 'expired' | 'within7Days' | 'within60Days';

export async function countPastDue(db: Db, auth: AuthContext, q: PastDueQuery, now = new Date()) {
  const win = q.expiry != null ? expiryWindow(q.expiry, now) : { to: new Date(now.getTime() + 60 * DAY_MS) };
  const conds: SQL[] = [isNotNull(devices.platformExpireAt), lt(devices.platformExpireAt, win!.to)];
  if (win?.from) conds.push(gte(devices.platformExpireAt, win.from));
  const devs = (await statsDevices(db, auth, q, and(...conds))).sort(
    (a, b) => a.platformExpireAt!.getTime() - b.platformExpireAt!.getTime() || a.id - b.id,
  );
  const rows = devs.map((d) => {
    const left = (d.platformExpireAt!.getTime() - now.getTime()) / DAY_MS;
    const status: PastDueStatus = left < 0 ? 'expired' : left <= 7 ? 'within7Days' : 'within60Days';
    return {
      terminalID: d.terminalID,
      name: d.name,
      username: d.username,
      deviceType: d.deviceType,
      platformExpireAt: d.platformExpireAt!.toISOString(),
      userExpireAt: d.userExpireAt?.toISOString() ?? null,
      daysLeft: Math.ceil(left),
      status,
    };
  });
  const page = statsPage(q, STATS_PAGE_SIZE);
  return {
    list: rows.slice(page.offset, page.offset + page.limit),
    total: rows.length,
    counts: {
      expired: rows.filter((r) => r.status === 'expired').length,
      within7Days: rows.filter((r) => r.status === 'within7Days').length,
      // Like the device list's filter: within 60 days includes within 7.
      within60Days: rows.filter((r) => r.status !== 'expired').length,
    },
  };
}
