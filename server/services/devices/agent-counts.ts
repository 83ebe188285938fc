import { and, count, sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { childAncestors } from '../../../src/domain/hierarchy';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { selectedAccount, subtreeAccounts } from '../scope';
import { cachedCount } from './count-cache';
import { expiredSql } from './expiry-sql';
import { inIds } from '../../lib/sql';

export interface AgentDeviceCount {
  id: number;
  username: string;
  nickname: string;
  role: number;
  /** Devices the account owns itself. */
  own: number;
  /** Devices of the account and every account below it; the state counts are over these. */
  subtree: number;
  online: number;
  offline: number;
  inactive: number;
  /** Decisive expiry passed (src/domain/expiry.ts). */
  expired: number;
}

type Counts = Omit<AgentDeviceCount, 'id' | 'username' | 'nickname' | 'role' | 'subtree'>;
const zero = (): Counts => ({ own: 0, online: 0, offline: 0, inactive: 0, expired: 0 });

/**
 * agentDeviceCount: per direct child of `userId` (default the caller), its own devices and its
 * subtree's devices by state; plus the same for `userId` itself. One GROUP BY over the devices
 * of the subtree, folded up the ancestors chains in memory.
 */
export async function agentDeviceCounts(db: Db, auth: AuthContext, userId?: number) {
  const root = await selectedAccount(db, auth, userId);
  const accounts = await subtreeAccounts(db, root);
  const ids = accounts.map((a) => a.id);
  const now = new Date();
  // One pass over the subtree's devices; shared briefly like the list totals (count-cache.ts).
  const grouped = await cachedCount(`agentDeviceCount:${ids.join(',')}`, async () =>
    db
      .select({
        userId: devices.userId,
        n: count(),
        online: sql<number>`count(*) filter (where ${devices.state} = ${DEVICE_STATE.online})`.mapWith(
          Number,
        ),
        offline: sql<number>`count(*) filter (where ${devices.state} = ${DEVICE_STATE.offline})`.mapWith(
          Number,
        ),
        inactive: sql<number>`count(*) filter (where ${devices.state} = ${DEVICE_STATE.unactivated})`.mapWith(
          Number,
        ),
        expired: sql<number>`count(*) filter (where ${expiredSql(now)})`.mapWith(Number),
      })
      .from(devices)
      .where(and(inIds(devices.userId, ids)))
      .groupBy(devices.userId),
  );
  const own = new Map(grouped.map((g) => [g.userId!, g]));

  const rootChain = childAncestors(root);
  const top = (a: { id: number; ancestors: string }) => {
    // The direct child of root on a's chain (a itself when a is a child).
    if (a.id === root.id) return root.id;
    const rest = `${a.ancestors},${a.id}`.slice(rootChain.length + 1).split(',');
    return Number(rest[0]);
  };
  const totals = new Map<number, Counts & { subtree: number }>();
  for (const a of accounts) totals.set(a.id, { ...zero(), subtree: 0 });
  const rootTotal = { ...zero(), subtree: 0 };
  for (const a of accounts) {
    const g = own.get(a.id);
    if (!g) continue;
    totals.get(a.id)!.own = Number(g.n);
    for (const t of a.id === root.id ? [rootTotal] : [rootTotal, totals.get(top(a))!]) {
      t.subtree += Number(g.n);
      t.online += g.online;
      t.offline += g.offline;
      t.inactive += g.inactive;
      t.expired += g.expired;
    }
  }
  const describe = (a: (typeof accounts)[number], c: Counts & { subtree: number }): AgentDeviceCount => ({
    id: a.id,
    username: a.username,
    nickname: a.nickname,
    role: a.role,
    ...c,
  });
  const rootRow = accounts.find((a) => a.id === root.id)!;
  rootTotal.own = totals.get(root.id)!.own;
  return {
    root: describe(rootRow, rootTotal),
    list: accounts.filter((a) => a.parentId === root.id).map((a) => describe(a, totals.get(a.id)!)),
  };
}
