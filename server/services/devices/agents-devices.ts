import { and, asc, count, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope, subtreeOf } from '../scope';
import { deviceScope } from './lookup';
import { selectDeviceRows } from './rows';

export interface AgentsDevicesQuery extends PageParams {
  agentIds: number[];
  /** Also the devices of the accounts below each agent (default: the agents' own devices). */
  includeSubtree?: boolean;
}

/**
 * getDeviceListByAgentIds: one page of the devices of several accounts at once, as device list
 * rows. Every id must lie in the caller's subtree (one outside answers not found, as a missing
 * one, so nothing leaks).
 */
export async function devicesOfAgents(db: Db, auth: AuthContext, q: AgentsDevicesQuery) {
  const ids = [...new Set(q.agentIds)];
  const agents = await Promise.all(ids.map((id) => loadInScope(db, auth, id)));
  const owners = q.includeSubtree
    ? db
        .select({ id: users.id })
        .from(users)
        .where(or(...agents.map((a) => subtreeOf(a)))!)
    : null;
  const mine = owners ? inArray(devices.userId, owners) : inArray(devices.userId, ids.length ? ids : [0]);
  // The caller's scope again: a device login sees its one device only.
  const where = and(mine, deviceScope(db, auth));
  const { limit, offset } = pageWindow(q);
  const [list, [total]] = await Promise.all([
    selectDeviceRows(db).where(where).orderBy(asc(devices.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}
