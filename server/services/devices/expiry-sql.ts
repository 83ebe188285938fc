import { sql, type SQL } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { EXPIRE_TYPE } from '../../../src/domain/device-rules';
import { devices } from '../../db/schema/devices';

/**
 * src/domain/expiry.ts's decisiveExpiry in SQL, for the queries that filter or count by it
 * (device list filters, monitor tabs and positions, counts, reminders): the date the expiry
 * type names, else the other one. Keep the two in step; tests/api/expiry*.test.ts pin both.
 */
export const decisiveExpirySql: SQL = sql`(CASE WHEN ${devices.expireType} = ${EXPIRE_TYPE.user}
  THEN coalesce(${devices.userExpireAt}, ${devices.platformExpireAt})
  ELSE coalesce(${devices.platformExpireAt}, ${devices.userExpireAt}) END)`;

/** Past the decisive expiry at `now` (the database's clock when omitted). */
export function expiredSql(now?: Date): SQL {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql`coalesce(${decisiveExpirySql} < ${at}, false)`;
}

/** src/domain/expiry.ts's shownState in SQL: 4 once expired; a stale stored 4 shows offline. */
export function shownStateSql(now?: Date): SQL {
  return sql`(CASE WHEN ${expiredSql(now)} THEN ${DEVICE_STATE.expired}
    WHEN ${devices.state} = ${DEVICE_STATE.expired} THEN ${DEVICE_STATE.offline}
    ELSE ${devices.state} END)`;
}

/**
 * `shownStateSql(now) = state`, written so the planner can see the stored state column: the
 * CASE as a whole has no statistics, so PostgreSQL guessed 0.5 % of the rows would match and
 * sorted every device of a 1,000,000-device subtree (1.1 s) instead of walking the primary key
 * for the first 15 (0.1 ms).
 */
export function shownStateIsSql(state: number, now?: Date): SQL {
  const expired = expiredSql(now);
  if (state === DEVICE_STATE.expired) return expired;
  const stored =
    state === DEVICE_STATE.offline
      ? sql`${devices.state} IN (${DEVICE_STATE.offline}, ${DEVICE_STATE.expired})`
      : sql`${devices.state} = ${state}`;
  return sql`(${stored} AND NOT ${expired})`;
}
