import { and, desc, eq, ne } from 'drizzle-orm';
import { fenceShapeProblem, ringOf, type FenceShape, type LonLat } from '../../../src/domain/fence/shape';
import type { PlacePurpose } from '../../alarms/places';
import type { Db } from '../../db/client';
import { fences } from '../../db/schema/fences';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { badField, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { fencesChanged, writeFenceRow, type FenceContext } from '../fence/context';
import { fenceListWindow } from '../fence/list';
import { loadInScope } from '../scope';
import { loadAreaInScope, selectAreas, toAreaView, type AreaView } from './view';

/**
 * List, add, edit and delete risk points and check-car points (circles) and check-car areas
 * (polygons) of the caller's subtree (docs/api/areas.md). Shapes are checked by the fences'
 * fenceShapeProblem (radius 100 m to 1,000 km, corners on earth, no crossing edges); names are
 * unique per account and purpose. Every write tells the alarm engines (fences.changed).
 */
export interface AreaListQuery extends PageParams {
  userId?: number;
  name?: string;
}

export async function listAreas(db: Db, auth: AuthContext, purpose: PlacePurpose, q: AreaListQuery) {
  const { where, total } = await fenceListWindow(db, auth, purpose, q);
  const { limit, offset } = pageWindow(q);
  const rows = await selectAreas(db).where(where).orderBy(desc(fences.id)).limit(limit).offset(offset);
  return { list: rows.map(toAreaView), total };
}

export interface AreaSaveInput {
  /** Edit this one; absent: add. */
  id?: number;
  name: string;
  userId?: number;
  center?: { lng: number; lat: number };
  radius?: number;
  type?: 'polygon' | 'rectangle';
  points?: readonly (readonly number[])[];
}

type Geometry = Pick<typeof fences.$inferInsert, 'type' | 'centerLat' | 'centerLon' | 'radius' | 'points'>;

/** The checked geometry of a circle (risk and check points) or polygon (check areas). */
function geometryOf(purpose: PlacePurpose, input: AreaSaveInput): Geometry {
  if (purpose === 'checkArea') {
    if (!input.points?.length) throw badRequest('fenceNotDrawn');
    const points = input.points.map((p): LonLat => [p[0], p[1]]);
    const shape: FenceShape = { type: input.type ?? 'polygon', points };
    const problem = fenceShapeProblem(shape);
    if (problem) throw badRequest(problem);
    const ring = ringOf(points).map(([lng, lat]): [number, number] => [lng, lat]);
    return { type: shape.type, centerLon: null, centerLat: null, radius: null, points: ring };
  }
  const { center, radius } = input;
  if (!center || radius == null) throw badRequest('fenceNotDrawn');
  const problem = fenceShapeProblem({ type: 'circle', center: [center.lng, center.lat], radius });
  if (problem) throw badRequest(problem);
  return {
    type: 'circle',
    centerLon: center.lng,
    centerLat: center.lat,
    radius: Math.round(radius),
    points: null,
  };
}

async function nameTaken(db: Db, purpose: PlacePurpose, userId: number, name: string, exceptId?: number) {
  const conds = [eq(fences.userId, userId), eq(fences.purpose, purpose), eq(fences.name, name)];
  if (exceptId) conds.push(ne(fences.id, exceptId));
  const [row] = await db
    .select({ id: fences.id })
    .from(fences)
    .where(and(...conds))
    .limit(1);
  return !!row;
}

export async function saveArea(
  ctx: FenceContext,
  purpose: PlacePurpose,
  input: AreaSaveInput,
): Promise<AreaView> {
  const { db, auth } = ctx;
  const name = input.name.trim();
  if (!name) throw badField('fieldRequired', 'name');
  const existing = input.id ? await loadAreaInScope(db, auth, purpose, input.id) : null;
  const geometry = geometryOf(purpose, input);
  const ownerId = input.userId
    ? (await loadInScope(db, auth, input.userId)).id
    : (existing?.userId ?? auth.user.id);
  if (await nameTaken(db, purpose, ownerId, name, existing?.id)) throw badRequest('areaNameTaken');
  const values = { ...geometry, name, userId: ownerId, purpose };
  const id = await writeFenceRow(ctx, existing?.id, values, 'areaNameTaken');
  return loadAreaInScope(db, auth, purpose, id);
}

/** Deletes the area; its visits go with it (foreign key cascade). */
export async function deleteArea(ctx: FenceContext, purpose: PlacePurpose, id: number): Promise<void> {
  const area = await loadAreaInScope(ctx.db, ctx.auth, purpose, id);
  await ctx.db.delete(fences).where(eq(fences.id, area.id));
  fencesChanged(ctx);
}
