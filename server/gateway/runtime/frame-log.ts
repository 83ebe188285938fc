import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, type Scalar } from '../../ingest/pg-array';
import { SUBJECT, type EventBus } from '../../bus/types';
import { WatchedTerminals, type WatchAnnouncement } from '../../services/logs/watched-set';
import type { LogFrame } from '../../../src/domain/device-log';

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

  private watched: WatchedTerminals | null = null;
  private bus: EventBus | null = null;
  private unwatch: (() => void) | null = null;

  /**
   * Frames of the terminals a live log monitor watches also go on the bus (SUBJECT.logFrame);
   * the others cost one Set lookup (docs/factory/logs.md).
   */
  watchedOn(bus: EventBus): this {
    const watched = new WatchedTerminals();
    this.unwatch = bus.subscribe<WatchAnnouncement>(SUBJECT.logWatch, (a) => watched.announce(a));
    this.watched = watched;
    this.bus = bus;
    bus.publish(SUBJECT.logWatchAsk, {});
    return this;
  }

  add(entry: FrameLogEntry) {
    if (this.watched?.has(entry.terminalId))
      this.bus!.publish(SUBJECT.logFrame(entry.terminalId), liveFrame(entry));
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
    this.unwatch?.();
    this.unwatch = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

const liveFrame = (e: FrameLogEntry): LogFrame => ({
  terminalId: e.terminalId,
  direction: e.direction,
  protocol: e.protocol,
  raw: e.raw,
  decoded: e.decoded,
  at: e.at.toISOString(),
});

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
