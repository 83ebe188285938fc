import { eq } from 'drizzle-orm';
import { SUBJECT, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { fences } from '../../db/schema/fences';
import { badRequest } from '../../lib/errors';
import type { MessageKey } from '../../../src/domain/messages';
import { sqlState } from '../../lib/schema/db-errors';
import type { AuthContext } from '../../plugins/auth';

/** What a fence call works with: the database, the bus its changes are told on, the caller. */
export interface FenceContext {
  db: Db;
  bus: EventBus;
  auth: AuthContext;
}

/** Tells every node's alarm engine that fences or allocations changed, so it reloads them. */
export function fencesChanged(ctx: FenceContext) {
  ctx.bus.publish(SUBJECT.fencesChanged, { at: Date.now() });
}

/**
 * Writes a row of `fences` (a fence, risk point or check-car area): updates `existingId`'s, or
 * inserts one; a name another request took between the caller's check and this write answers
 * `nameTaken`. Answers the row's id and tells the engines.
 */
export async function writeFenceRow(
  ctx: FenceContext,
  existingId: number | undefined,
  values: typeof fences.$inferInsert,
  nameTaken: MessageKey,
): Promise<number> {
  let id: number;
  try {
    if (existingId) {
      await ctx.db
        .update(fences)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(fences.id, existingId));
      id = existingId;
    } else {
      [{ id }] = await ctx.db.insert(fences).values(values).returning({ id: fences.id });
    }
  } catch (e) {
    if (sqlState(e) === '23505') throw badRequest(nameTaken);
    throw e;
  }
  fencesChanged(ctx);
  return id;
}
