import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, type Scalar } from '../../ingest/pg-array';

export interface FrameLogEntry {
  deviceId: number | null;
  terminalId: string;
  direction: 'in' | 'out';
  protocol: number | null;
  raw: string;
  decoded: Record<string, unknown> | null;
  at: Date;
}

/**
 * Raw frames per device for the factory log search. Written in batches off the hot path; if
 * the database is down, the oldest entries are dropped first (logs are diagnostics, positions
 * are not, so positions get the database's attention).
 */
export class FrameLog {
  private queue: FrameLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private db: Db,
    private opts = { flushMs: 500, maxQueue: 50_000, maxBatch: 2000 },
  ) {}

  add(entry: FrameLogEntry) {
    if (this.queue.length >= this.opts.maxQueue) this.queue.shift();
    this.queue.push(entry);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.opts.flushMs);
  }

  async flush(): Promise<void> {
    if (this.writing) return this.writing;
    this.writing = (async () => {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.opts.maxBatch);
        try {
          await insertLogs(this.db, batch);
        } catch (err) {
          console.error('[gateway] frame log write failed:', (err as Error).message);
          break;
        }
      }
    })().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

async function insertLogs(db: Db, batch: FrameLogEntry[]) {
  const p = (v: Scalar[]) => sql.param(pgArray(v));
  await db.execute(sql`
    INSERT INTO device_logs (device_id, terminal_id, direction, protocol, raw, decoded, created_at)
    SELECT * FROM unnest(
      ${p(batch.map((e) => e.deviceId))}::int[],
      ${p(batch.map((e) => e.terminalId))}::varchar[],
      ${p(batch.map((e) => e.direction))}::varchar[],
      ${p(batch.map((e) => e.protocol))}::smallint[],
      ${p(batch.map((e) => e.raw))}::text[],
      ${p(batch.map((e) => (e.decoded ? JSON.stringify(e.decoded) : null)))}::jsonb[],
      ${p(batch.map((e) => e.at.toISOString()))}::timestamptz[]
    )`);
}

/** Deletes frames older than the retention (7 days by default). */
export async function purgeFrameLog(db: Db, retentionDays: number) {
  await db.execute(
    sql`DELETE FROM device_logs WHERE created_at < now() - make_interval(days => ${retentionDays})`,
  );
}
