import { and, eq } from 'drizzle-orm';
import { isAdmin } from '../../../../config/roles';
import { BusTimeoutError, NoResponderError, SUBJECT, type EventBus } from '../../../bus/types';
import type { Db } from '../../../db/client';
import { commandBatches } from '../../../db/schema/command-batches';
import { notFound } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { cancelPending } from './lifecycle';
import type { CancelAnswer } from './runner';

/** How long the node running the batch has to stop it before the pending items are cancelled anyway. */
const STOP_WAIT_MS = 5000;

/**
 * cancelBatch: the sender (or an administrator) stops a running batch. The node running it,
 * whichever it is, is asked over the bus and starts no more commands; the items it never
 * started are cancelled here; commands already sent finish and keep their outcome. A batch
 * already over is answered as it is, with nothing cancelled.
 */
export async function cancelBatch(db: Db, bus: EventBus, auth: AuthContext, batchKey: string) {
  const [batch] = await db.select().from(commandBatches).where(eq(commandBatches.batchKey, batchKey));
  if (!batch || (batch.userId !== auth.user.id && !isAdmin(auth.user))) throw notFound();
  const [stopped] = await db
    .update(commandBatches)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(eq(commandBatches.id, batch.id), eq(commandBatches.status, 'running')))
    .returning({ status: commandBatches.status });
  if (!stopped) return { id: batch.id, batchId: batch.batchKey, status: batch.status, cancelled: 0 };
  // The runner stops first and stores what it started, so only items never started are
  // cancelled. No node answering means none runs it any more (it stopped mid-run).
  try {
    await bus.request<CancelAnswer>(SUBJECT.commandBatchCancel(batch.id), {}, STOP_WAIT_MS);
  } catch (e) {
    if (!(e instanceof NoResponderError) && !(e instanceof BusTimeoutError)) throw e;
  }
  const cancelled = await cancelPending(db, [batch.id], 'batchCancelled');
  return { id: batch.id, batchId: batch.batchKey, status: stopped.status, cancelled };
}
