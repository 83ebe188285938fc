import type { EventBus } from '../bus/types';

/**
 * Progress of a batch device operation, sent to every websocket of the account that started
 * it, on whichever node of the cluster the socket is connected: it travels over the bus.
 */
import type { BatchProgress } from '../../src/domain/live-events';

export type { BatchProgress };

/** Subject of one account's batch progress (outside `dev.>`, so device listeners never see it). */
export const batchSubject = (userId: number) => `usr.batch.${userId}`;
export const ALL_BATCH_SUBJECTS = 'usr.batch.*';

export const userIdOfBatchSubject = (subject: string) => Number(subject.slice('usr.batch.'.length));

/** At most this often while running (about 5 a second), and always once at the end. */
export const PROGRESS_INTERVAL_MS = 200;

/** A throttled publisher of one batch's progress. */
export function progressReporter(bus: EventBus, userId: number, batchId: string | undefined, total: number) {
  let last = 0;
  const send = (done: number, failed: number) =>
    batchId &&
    bus.publish(batchSubject(userId), {
      type: 'batch',
      batchId,
      done,
      total,
      failed,
    } satisfies BatchProgress);
  return {
    update(done: number, failed: number) {
      const now = Date.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      send(done, failed);
    },
    async finish(failed: number) {
      send(total, failed);
      // The HTTP answer must not overtake the final progress message.
      await bus.flush();
    },
  };
}
