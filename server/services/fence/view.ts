import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fenceDevices } from '../../db/schema/fence-devices';
import { fences, type FenceRow, type FenceType } from '../../db/schema/fences';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { scopeOf } from '../scope';

/** A fence as the list, the detail and the save calls answer it (docs/api/fences.md). */
export interface FenceView {
  id: number;
  name: string;
  type: FenceType;
  /** Metres; null for a polygon or rectangle. */
  radius: number | null;
  /** WGS-84; null for a polygon or rectangle. */
  center: { lng: number; lat: number } | null;
  /** [lng, lat] corners without the closing repeat; null for a circle. */
  points: [number, number][] | null;
  /** 1 enabled, 0 disabled. */
  state: number;
  createdAt: Date;
  userId: number;
  /** The owner account's user name. */
  username: string;
  /** Devices the fence is allocated to. */
  devices: number;
}

/**
 * SELECT of fences with their owner's name and allocation count; the caller adds WHERE etc.
 * The count is a correlated subquery: it reads only the page's fences through the primary key
 * of fence_devices (fence_id first), not every allocation of the platform.
 */
export function selectFences(db: Db) {
  return db
    .select({
      ...getTableColumns(fences),
      username: users.username,
      devices: sql<number>`(select count(*) from ${fenceDevices} where ${fenceDevices.fenceId} = ${fences.id})`,
    })
    .from(fences)
    .innerJoin(users, eq(users.id, fences.userId));
}

export function toView(r: FenceRow & { username: string; devices: number | string }): FenceView {
  const circle = r.type === 'circle';
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    radius: circle ? r.radius : null,
    center:
      circle && r.centerLon != null && r.centerLat != null ? { lng: r.centerLon, lat: r.centerLat } : null,
    points: circle ? null : (r.points ?? []),
    state: r.state,
    createdAt: r.createdAt,
    userId: r.userId,
    username: r.username,
    devices: Number(r.devices),
  };
}

/**
 * The fence `id` if its owner lies in the caller's subtree, else not found: another tree's fence
 * answers exactly as one that does not exist. So does a risk point or check-car area: rows of
 * the same table with another purpose, which the fence calls neither show nor touch.
 */
export async function loadFenceInScope(db: Db, auth: AuthContext, id: number): Promise<FenceView> {
  const [row] = await selectFences(db)
    .where(and(eq(fences.id, id), eq(fences.purpose, 'fence'), scopeOf(auth)))
    .limit(1);
  if (!row) throw notFound();
  return toView(row);
}
