import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fences, type FenceRow, type FenceType } from '../../db/schema/fences';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { scopeOf } from '../scope';
import type { PlacePurpose } from '../../alarms/places';

/**
 * A risk point, check-car area or check-car point as the area calls answer it
 * (docs/api/areas.md). They are rows of `fences` with their own purpose; the fence calls never
 * show them, these calls never show fences.
 */
export interface AreaView {
  id: number;
  name: string;
  purpose: PlacePurpose;
  type: FenceType;
  /** Metres; null for a polygon. */
  radius: number | null;
  /** WGS-84; null for a polygon. */
  center: { lng: number; lat: number } | null;
  /** [lng, lat] corners without the closing repeat; null for a circle. */
  points: [number, number][] | null;
  createdAt: Date;
  userId: number;
  /** The owner account's user name. */
  username: string;
}

/** SELECT of areas with their owner's name; the caller adds WHERE (the owner join serves scopeOf). */
export function selectAreas(db: Db) {
  return db
    .select({ ...getTableColumns(fences), username: users.username })
    .from(fences)
    .innerJoin(users, eq(users.id, fences.userId));
}

export function toAreaView(r: FenceRow & { username: string }): AreaView {
  const circle = r.type === 'circle';
  return {
    id: r.id,
    name: r.name,
    purpose: r.purpose as PlacePurpose,
    type: r.type,
    radius: circle ? r.radius : null,
    center:
      circle && r.centerLon != null && r.centerLat != null ? { lng: r.centerLon, lat: r.centerLat } : null,
    points: circle ? null : (r.points ?? []),
    createdAt: r.createdAt,
    userId: r.userId,
    username: r.username,
  };
}

/** The area `id` of this purpose if its owner lies in the caller's subtree, else not found. */
export async function loadAreaInScope(
  db: Db,
  auth: AuthContext,
  purpose: PlacePurpose,
  id: number,
): Promise<AreaView> {
  const [row] = await selectAreas(db)
    .where(and(eq(fences.id, id), eq(fences.purpose, purpose), scopeOf(auth)))
    .limit(1);
  if (!row) throw notFound();
  return toAreaView(row);
}
