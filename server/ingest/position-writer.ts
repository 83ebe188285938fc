import { EventEmitter } from 'node:events';
import type { TireSensorReading } from '../../src/domain/tire';
import type { Db } from '../db/client';
import { DirectStore, isBatchStore, type BatchStore } from './batch-store';

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
  /** For the alarm engine: the tracker's id (alarm events name it) and its overspeed limit. */
  terminalId?: string;
  speedLimit?: number | null;
  /** For the alarm engine: the owner's id and its ancestors' (risk points, check-car areas apply by them). */
  owners?: readonly number[];
  /** Tire pressure readings the report carried (808 item 0x66): kept per wheel, not per fix. */
  tires?: readonly TireSensorReading[];
  /**
   * Called by the gateway once this record's INSERT committed (a resent fix skipped as a
   * duplicate counts: it is stored): sends the frame's location ack. Not a column.
   */
  onStored?: () => void;
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

/**
 * Batches positions by size and by time window and hands each batch to its store (batch-store.ts:
 * in this thread, or a worker thread's for PostgreSQL, see open-writer.ts), a few in flight at
 * once. Rows stay queued until their batch commits: while the database is down the writer
 * retries with back-off and raises `pressure` so the gateways stop reading.
 *
 * Events: 'committed' (the very records passed to add(), in commit order), 'pressure', 'drain',
 * 'error' (err, willRetry).
 */
export class PositionWriter extends EventEmitter {
  private queue: PositionRecord[] = [];
  private inflightRows = 0;
  private inflight = 0;
  private timer: NodeJS.Timeout | null = null;
  private retryMs = 0;
  private pressured = false;
  private closed = false;
  private store: BatchStore;
  readonly opts: Required<WriterOptions>;
  stats = { committed: 0, batches: 0, failures: 0 };

  /** With a Db the database work runs in this thread; pass a BatchStore to put it elsewhere. */
  constructor(target: Db | BatchStore, opts: WriterOptions = {}) {
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
    this.store = isBatchStore(target) ? target : new DirectStore(target, this.opts.deviceFlushMs);
    this.store.onError = (err) => this.emit('error', err, true);
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
    while (!this.closed && this.pending > 0) {
      if (this.queue.length && this.inflight < this.opts.concurrency && !this.timer) void this.writeOnce();
      await new Promise((r) => setTimeout(r, 5));
    }
    await this.store.settle();
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.store.close();
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
    // A full queue may start the next batch while this one runs.
    if (this.queue.length >= this.opts.maxBatch) this.kick(0);
    try {
      await this.store.write(batch);
      this.retryMs = 0;
      this.stats.committed += batch.length;
      this.stats.batches++;
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
}
