import { and, eq, ne } from 'drizzle-orm';
import { fenceShapeProblem, ringOf, type FenceShape, type LonLat } from '../../../src/domain/fence/shape';
import type { Db } from '../../db/client';
import { fences } from '../../db/schema/fences';
import { badField, badRequest } from '../../lib/errors';
import { loadInScope } from '../scope';
import { writeFenceRow, type FenceContext } from './context';
import { loadFenceInScope, type FenceView } from './view';

/**
 * geofencingCircle and geofencingRectangle (docs/api/fences.md): create a fence, or with `id`
 * redraw, rename or move one of the caller's subtree. The shape is checked by the domain's
 * fenceShapeProblem, so the screens and the server refuse the same shapes with the same keys.
 */
export interface FenceSaveInput {
  /** Edit this fence; absent: create one. */
  id?: number;
  name: string;
  /** The owning account, of the caller's subtree; default the caller (on edit: the current owner). */
  userId?: number;
}

export interface CircleInput extends FenceSaveInput {
  center?: { lng: number; lat: number };
  radius?: number;
}

export interface PolygonInput extends FenceSaveInput {
  type: 'polygon' | 'rectangle';
  points?: readonly (readonly number[])[];
}

type Geometry = Pick<typeof fences.$inferInsert, 'type' | 'centerLat' | 'centerLon' | 'radius' | 'points'>;

function checkShape(shape: FenceShape) {
  const problem = fenceShapeProblem(shape);
  if (problem) throw badRequest(problem);
}

export function saveCircle(ctx: FenceContext, input: CircleInput): Promise<FenceView> {
  const { center, radius } = input;
  if (!center || radius == null) throw badRequest('fenceNotDrawn');
  checkShape({ type: 'circle', center: [center.lng, center.lat], radius });
  return saveFence(ctx, input, {
    type: 'circle',
    centerLon: center.lng,
    centerLat: center.lat,
    // A fractional radius within the limits rounds to a whole metre still within them.
    radius: Math.round(radius),
    points: null,
  });
}

export function savePolygon(ctx: FenceContext, input: PolygonInput): Promise<FenceView> {
  if (!input.points?.length) throw badRequest('fenceNotDrawn');
  const points = input.points.map((p): LonLat => [p[0], p[1]]);
  checkShape({ type: input.type, points });
  return saveFence(ctx, input, {
    type: input.type,
    centerLon: null,
    centerLat: null,
    radius: null,
    points: ringOf(points).map(([lng, lat]): [number, number] => [lng, lat]),
  });
}

async function nameTaken(db: Db, userId: number, name: string, exceptId?: number): Promise<boolean> {
  // Names are unique per account and purpose: a risk point may share a fence's name.
  const conds = [eq(fences.userId, userId), eq(fences.purpose, 'fence'), eq(fences.name, name)];
  if (exceptId) conds.push(ne(fences.id, exceptId));
  const [row] = await db
    .select({ id: fences.id })
    .from(fences)
    .where(and(...conds))
    .limit(1);
  return !!row;
}

async function saveFence(ctx: FenceContext, input: FenceSaveInput, geometry: Geometry): Promise<FenceView> {
  const { db, auth } = ctx;
  const name = input.name.trim();
  if (!name) throw badField('fieldRequired', 'name');
  const existing = input.id ? await loadFenceInScope(db, auth, input.id) : null;
  const ownerId = input.userId
    ? (await loadInScope(db, auth, input.userId)).id
    : (existing?.userId ?? auth.user.id);
  if (await nameTaken(db, ownerId, name, existing?.id)) throw badRequest('fenceNameTaken');
  const values = { ...geometry, name, userId: ownerId };
  const id = await writeFenceRow(ctx, existing?.id, values, 'fenceNameTaken');
  return loadFenceInScope(db, auth, id);
}
