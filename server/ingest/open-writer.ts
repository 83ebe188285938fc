import type { Db } from '../db/client';
import { PositionWriter, type WriterOptions } from './position-writer';
import { WorkerStore } from './worker-store';

/**
 * The position writer a process should use: on PostgreSQL its database work runs in a worker
 * thread with a pool of its own (commits are then not queued behind the gateway's socket
 * reads); PGlite lives in this thread and cannot be shared, so there the work stays here.
 */
export function openPositionWriter(db: { db: Db; url?: string }, opts: WriterOptions = {}): PositionWriter {
  if (!db.url) return new PositionWriter(db.db, opts);
  return new PositionWriter(
    new WorkerStore({ url: db.url, deviceFlushMs: opts.deviceFlushMs ?? 1000 }),
    opts,
  );
}
