import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/**
 * What the database says of one command batch of bench:commands, read in the node that holds
 * the database (PGlite lives inside it): its items by status, and, from the command rows of its
 * items, when the commands went out and how long the trackers took to answer. Times are ms from
 * the batch row's creation, so pacing (the last send) and replies (send to reply) can be told
 * apart.
 */
export interface BatchFigures {
  found: boolean;
  total: number;
  status: string;
  byStatus: Record<string, number>;
  /** The batch row's creation (epoch ms), the origin of the times below. */
  createdAtMs: number | null;
  /** Batch row created → finished_at, and → the last update of an item classified (not cancelled). */
  finishedMs: number | null;
  lastItemMs: number | null;
  /** Items with a command row, their first and last send, and send → reply. */
  commands: number;
  firstSentMs: number | null;
  lastSentMs: number | null;
  replied: number;
  replyP50Ms: number | null;
  replyP95Ms: number | null;
  replyMaxMs: number | null;
  /** Items classified timeout (at most 2,000): when their command went out, epoch ms. */
  timedOut: { terminalId: string; sentAt: number | null }[];
}

const ms = (v: unknown) => (v == null ? null : Math.round(Number(v)));

export async function batchFigures(db: Db, batchKey: string): Promise<BatchFigures> {
  const { rows: batches } = await db.execute<{
    id: number;
    total: number;
    status: string;
    finished_ms: string | null;
    created_ms: string;
  }>(sql`
    SELECT id, total, status, extract(epoch FROM finished_at - created_at) * 1000 AS finished_ms,
           extract(epoch FROM created_at) * 1000 AS created_ms
    FROM command_batches WHERE batch_key = ${batchKey}`);
  const b = batches[0];
  if (!b)
    return {
      found: false,
      total: 0,
      status: 'missing',
      byStatus: {},
      createdAtMs: null,
      finishedMs: null,
      lastItemMs: null,
      commands: 0,
      firstSentMs: null,
      lastSentMs: null,
      replied: 0,
      replyP50Ms: null,
      replyP95Ms: null,
      replyMaxMs: null,
      timedOut: [],
    };
  const { rows: counts } = await db.execute<{ status: string; n: string }>(sql`
    SELECT status, count(*) AS n FROM command_batch_items WHERE batch_id = ${b.id} GROUP BY status`);
  const { rows: times } = await db.execute<Record<string, string | null>>(sql`
    SELECT
      extract(epoch FROM max(i.updated_at) FILTER (WHERE i.status NOT IN ('pending', 'sent', 'cancelled'))
        - b.created_at) * 1000 AS last_item,
      count(c.id) AS commands,
      extract(epoch FROM min(c.sent_at) - b.created_at) * 1000 AS first_sent,
      extract(epoch FROM max(c.sent_at) - b.created_at) * 1000 AS last_sent,
      count(c.replied_at) AS replied,
      percentile_disc(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.replied_at - c.sent_at)) * 1000 AS p50,
      percentile_disc(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM c.replied_at - c.sent_at)) * 1000 AS p95,
      max(extract(epoch FROM c.replied_at - c.sent_at)) * 1000 AS max
    FROM command_batches b
    JOIN command_batch_items i ON i.batch_id = b.id
    LEFT JOIN commands c ON c.id = i.command_id
    WHERE b.id = ${b.id}
    GROUP BY b.created_at`);
  const t = times[0] ?? {};
  const { rows: timedOut } = await db.execute<{ terminal_id: string; sent_ms: string | null }>(sql`
    SELECT i.terminal_id, extract(epoch FROM c.sent_at) * 1000 AS sent_ms
    FROM command_batch_items i LEFT JOIN commands c ON c.id = i.command_id
    WHERE i.batch_id = ${b.id} AND i.status = 'timeout' LIMIT 2000`);
  return {
    found: true,
    total: b.total,
    status: b.status,
    byStatus: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    createdAtMs: ms(b.created_ms),
    finishedMs: ms(b.finished_ms),
    lastItemMs: ms(t.last_item),
    commands: Number(t.commands ?? 0),
    firstSentMs: ms(t.first_sent),
    lastSentMs: ms(t.last_sent),
    replied: Number(t.replied ?? 0),
    replyP50Ms: ms(t.p50),
    replyP95Ms: ms(t.p95),
    replyMaxMs: ms(t.max),
    timedOut: timedOut.map((r) => ({ terminalId: r.terminal_id, sentAt: ms(r.sent_ms) })),
  };
}
