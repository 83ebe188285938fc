import { eq } from 'drizzle-orm';
import { fenceDevices } from '../../db/schema/fence-devices';
import { fences } from '../../db/schema/fences';
import { badRequest } from '../../lib/errors';
import { sqlState } from '../../lib/schema/db-errors';
import { fencesChanged, type FenceContext } from './context';
import { loadFenceInScope } from './view';

/** fence/delete (docs/api/fences.md): refused while any device is allocated (spec section 5). */
export async function deleteFence(ctx: FenceContext, id: number): Promise<void> {
  const { db, auth } = ctx;
  const fence = await loadFenceInScope(db, auth, id);
  const [used] = await db
    .select({ id: fenceDevices.fenceId })
    .from(fenceDevices)
    .where(eq(fenceDevices.fenceId, fence.id))
    .limit(1);
  if (used) throw badRequest('fenceInUse');
  try {
    await db.delete(fences).where(eq(fences.id, fence.id));
  } catch (e) {
    // An allocation made between the check and the delete: the foreign key refuses it.
    if (sqlState(e) === '23503') throw badRequest('fenceInUse');
    throw e;
  }
  fencesChanged(ctx);
}

/** fence/state: 1 enables the fence's alarms, 0 disables them (the allocations stay). */
export async function setFenceState(ctx: FenceContext, id: number, state: 0 | 1): Promise<void> {
  const { db, auth } = ctx;
  const fence = await loadFenceInScope(db, auth, id);
  await db.update(fences).set({ state, updatedAt: new Date() }).where(eq(fences.id, fence.id));
  fencesChanged(ctx);
}
