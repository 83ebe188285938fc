import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MessageKey } from '../../../../src/domain/messages';
import type { Db } from '../../../db/client';
import { commandBatchItems, commandBatches } from '../../../db/schema/command-batches';

/**
 * The state changes of a whole batch. Items still pending when a batch is cancelled or
 * interrupted are cancelled with the reason, in one statement; items already sent keep the
 * outcome their command gets.
 */

/** Cancels the pending items of these batches; answers how many. */
export async function cancelPending(db: Db, batchIds: number[], reason: MessageKey): Promise<number> {
  if (!batchIds.length) return 0;
  const rows = await db
    .update(commandBatchItems)
    .set({ status: 'cancelled', reason, updatedAt: new Date() })
    .where(and(inArray(commandBatchItems.batchId, batchIds), eq(commandBatchItems.status, 'pending')))
    .returning({ id: commandBatchItems.id });
  return rows.length;
}

/** Marks running batches matching `cond` interrupted and cancels their pending items. */
export async function interruptBatches(db: Db, cond: SQL): Promise<number[]> {
  const rows = await db
    .update(commandBatches)
    .set({ status: 'interrupted', finishedAt: new Date() })
    .where(and(eq(commandBatches.status, 'running'), cond))
    .returning({ id: commandBatches.id });
  const ids = rows.map((r) => r.id);
  await cancelPending(db, ids, 'batchInterrupted');
  return ids;
}

/** This node's batches left running by a previous process of the same node id (it stopped mid-run). */
export const interruptLeftovers = (db: Db, nodeId: string) =>
  interruptBatches(db, eq(commandBatches.node, nodeId));

/** The run is over: done unless it was cancelled meanwhile. */
export async function finishBatch(db: Db, id: number) {
  await db
    .update(commandBatches)
    .set({
      status: sql`CASE WHEN ${commandBatches.status} = 'running' THEN 'done' ELSE ${commandBatches.status} END`,
      finishedAt: new Date(),
    })
    .where(eq(commandBatches.id, id));
}
