import { EventEmitter } from 'node:events';
import type { Db } from '../db/client';
import { insertPositions, updateLastPositions } from './position-sql';

/** One decoded fix on its way to the positions table. */
export interface PositionRecord {
  deviceId: number;
  fixTime: Date;
  serverTime: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number | null;
  valid: boolean;
  positionType: string;
  satellites: number | null;
  acc: boolean | null;
  battery: number | null;
  mileage: number | null;
  alarm: string | null;
  attributes: Record<string, unknown> | null;
  /** Stored but not published: the device is past its expiry (spec: not shown to users). */
  hidden?: boolean;
}

export interface WriterOptions {
  /** Rows per INSERT. */
  maxBatch?: number;
  /** A partial batch waits at most this long. */
  flushMs?: number;
  /** INSERTs in flight at once. */
  concurrency?: number;
  /** How often device rows move to their newest fix. */
  deviceFlushMs?: number;
  /** Above this many waiting rows the writer reports pressure (sockets pause). */
  highWater?: number;
  /** Below this many, it reports drain (sockets resume). */
  lowWater?: number;
  /** Longest wait between retries while the database is unreachable. */
  maxRetryMs?: number;
}

/** The newest fix of each device in the batch. */
export function latestPerDevice(batch: PositionRecord[]): PositionRecord[] {
  const latest = new Map<number, PositionRecord>();
  for (const r of batch) keepNewest(latest, r);
  return [...latest.values()];
}

function keepNewest(map: Map<number, PositionRecord>, r: PositionRecord) {
  const cur = map.get(r.deviceId);
  if (!cur || r.fixTime >= cur.fixTime) map.set(r.deviceId, r);
}

/**
 * Batches positions by size and by time window into INSERTs (whole columns as arrays through
 * unnest), a few in flight at once. Each device row follows its newest stored fix, in one
 * UPDATE per `deviceFlushMs` for all devices that moved. Rows stay queued until their INSERT
 * commits: while the database is down the writer retries with back-off and raises `pressure`
 * so the gateways stop reading.
 *
 * Events: 'committed' (records), 'pressure', 'drain', 'error' (err, willRetry).
 */
export class PositionWriter extends EventEmitter {
  private queue: PositionRecord[] = [];
  private inflightRows = 0;
  private inflight = 0;
  private timer: NodeJS.Timeout | null = null;
  private retryMs = 0;
  private pressured = false;
  private closed = false;
  private moved = new Map<number, PositionRecord>();
  private deviceTimer: NodeJS.Timeout | null = null;
  private devicesWriting: Promise<void> | null = null;
  readonly opts: Required<WriterOptions>;
  stats = { committed: 0, batches: 0, failures: 0 };

  constructor(
    private db: Db,
    opts: WriterOptions = {},
  ) {
    super();
    this.opts = {
      maxBatch: 2000,
      flushMs: 100,
      concurrency: 2,
      deviceFlushMs: 1000,
      highWater: 50_000,
      lowWater: 10_000,
      maxRetryMs: 2000,
      ...opts,
    };
  }

  /** Rows not yet committed. */
  get pending(): number {
    return this.queue.length + this.inflightRows;
  }

  get underPressure(): boolean {
    return this.pressured;
  }

  add(rec: PositionRecord): void {
    this.queue.push(rec);
    if (!this.pressured && this.pending >= this.opts.highWater) {
      this.pressured = true;
      this.emit('pressure');
    }
    this.kick(this.queue.length >= this.opts.maxBatch ? 0 : this.opts.flushMs);
  }

  /** Resolves when every queued row is committed and every device row is up to date. */
  async drain(): Promise<void> {
    while (!this.closed && (this.pending > 0 || this.moved.size > 0 || this.devicesWriting)) {
      if (this.queue.length && this.inflight < this.opts.concurrency && !this.timer) void this.writeOnce();
      if (this.moved.size && !this.devicesWriting) await this.flushDevices();
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.deviceTimer) clearTimeout(this.deviceTimer);
  }

  private kick(delay: number) {
    if (this.closed || this.inflight >= this.opts.concurrency) return;
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.writeOnce();
    }, delay);
  }

  private async writeOnce(): Promise<void> {
    if (this.inflight >= this.opts.concurrency || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    this.inflight++;
    this.inflightRows += batch.length;
    // A full queue may start the next INSERT while this one runs.
    if (this.queue.length >= this.opts.maxBatch) this.kick(0);
    try {
      await insertPositions(this.db, batch);
      this.retryMs = 0;
      this.stats.committed += batch.length;
      this.stats.batches++;
      for (const r of batch) keepNewest(this.moved, r);
      this.scheduleDevices();
      this.emit('committed', batch);
    } catch (err) {
      // Back to the front: nothing is lost, order within a device is kept by fix time.
      this.queue.unshift(...batch);
      this.stats.failures++;
      this.retryMs = Math.min(this.opts.maxRetryMs, this.retryMs ? this.retryMs * 2 : 100);
      this.emit('error', err, true);
    } finally {
      this.inflight--;
      this.inflightRows -= batch.length;
    }
    if (this.pressured && this.pending <= this.opts.lowWater) {
      this.pressured = false;
      this.emit('drain');
    }
    if (this.queue.length > 0)
      this.kick(this.retryMs || (this.queue.length >= this.opts.maxBatch ? 0 : this.opts.flushMs));
  }

  private scheduleDevices() {
    if (this.deviceTimer || this.closed) return;
    this.deviceTimer = setTimeout(() => {
      this.deviceTimer = null;
      void this.flushDevices();
    }, this.opts.deviceFlushMs);
  }

  /** One UPDATE for every device that moved since the last one; one at a time. */
  private flushDevices(): Promise<void> {
    if (this.devicesWriting || this.moved.size === 0) return this.devicesWriting ?? Promise.resolve();
    const rows = [...this.moved.values()];
    this.moved = new Map();
    this.devicesWriting = updateLastPositions(this.db, rows)
      .catch((err) => {
        // Keep them for the next round unless a newer fix arrived meanwhile.
        for (const r of rows) keepNewest(this.moved, r);
        this.emit('error', err, true);
        this.scheduleDevices();
      })
      .finally(() => {
        this.devicesWriting = null;
      });
    return this.devicesWriting;
  }
}
