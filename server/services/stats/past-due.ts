import { and, sql, type SQL } from 'drizzle-orm';
import { expiryWindow } from '../../../src/domain/device-rules';
import { expiryStatus } from '../../../src/domain/expiry';
import { DAY_MS, STATS_PAGE_SIZE } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decisiveExpirySql } from '../devices/expiry-sql';
import { statsDevices, statsPage, type StatsFilter } from './scope';
import { withFigures } from './figures';

/**
 * countPastDue: devices past or near their decisive expiry (src/domain/expiry.ts) (spec section 9's expiry filters:
 * within 7 days, within 60 days, already expired), soonest first. Without a filter: expired
 * and within 60 days together. Dates do not apply.
 */
export interface PastDueQuery extends StatsFilter {
  expiry?: number;
}

export type PastDueStatus = 'expired' | 'within7Days' | 'within60Days';

/** countPastDue as computed; exported with its figures rounded (withFigures). */
async function countPastDueRaw(db: Db, auth: AuthContext, q: PastDueQuery, now = new Date()) {
  const win = q.expiry != null ? expiryWindow(q.expiry, now) : { to: new Date(now.getTime() + 60 * DAY_MS) };
  // The decisive expiry (src/domain/expiry.ts), as the device list's expiry filter reads it.
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const conds: SQL[] = [sql`${decisiveExpirySql} < ${at(win!.to)}`];
  if (win?.from) conds.push(sql`${decisiveExpirySql} >= ${at(win.from)}`);
  const devs = (await statsDevices(db, auth, q, and(...conds)))
    .map((d) => ({ d, s: expiryStatus(d, now.getTime()) }))
    .sort((a, b) => a.s.at! - b.s.at! || a.d.id - b.d.id);
  const rows = devs.map(({ d, s }) => {
    const status: PastDueStatus = s.band ?? 'within60Days';
    return {
      terminalID: d.terminalID,
      name: d.name,
      username: d.username,
      deviceType: d.deviceType,
      platformExpireAt: d.platformExpireAt?.toISOString() ?? null,
      userExpireAt: d.userExpireAt?.toISOString() ?? null,
      expireAt: new Date(s.at!).toISOString(),
      daysLeft: s.daysLeft!,
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

export const countPastDue = withFigures(countPastDueRaw);
