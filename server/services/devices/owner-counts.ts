import { and, count, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { cachedCount } from './count-cache';
import { inIds } from '../../lib/sql';

export interface AccountCounts {
  /** Devices each account owns. */
  owned: Map<number, number>;
  /** Devices each agent imported that now belong to someone else. */
  sold: Map<number, number>;
}

/**
 * Device and sale counts of many accounts (the agent tree's columns). Counting every device of
 * a 100,000-device subtree costs ~100 ms of database time, so the answer is shared for a few
 * seconds between identical requests (see count-cache.ts), like the device list's totals.
 */
export function accountDeviceCounts(db: Db, ids: readonly number[]): Promise<AccountCounts> {
  const sorted = [...ids].sort((a, b) => a - b);
  return cachedCount(`accounts:${sorted.join(',')}`, async () => {
    const owned = new Map<number, number>();
    const sold = new Map<number, number>();
    if (!sorted.length) return { owned, sold };
    const [ownedRows, soldRows] = await Promise.all([
      db
        .select({ id: devices.userId, n: count() })
        .from(devices)
        .where(inIds(devices.userId, sorted))
        .groupBy(devices.userId),
      db
        .select({ id: devices.agentId, n: count() })
        .from(devices)
        .where(and(inArray(devices.agentId, sorted), ne(devices.userId, devices.agentId)))
        .groupBy(devices.agentId),
    ]);
    for (const r of ownedRows) if (r.id != null) owned.set(r.id, Number(r.n));
    for (const r of soldRows) if (r.id != null) sold.set(r.id, Number(r.n));
    return { owned, sold };
  });
}
