import { EventEmitter } from 'node:events';
import type { TireSensorReading } from '../../src/domain/tire';
import type { Db } from '../db/client';
import { addToUpdates, splitUpdates, type DeviceUpdate } from './device-updates';
import { insertPositions, updateLastPositions, updateLastStatus } from './position-sql';
import { addTireReadings, upsertTireReadings, type TireRow } from './tire-readings';

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
 * Batches positions by size and by time window into INSERTs (whole columns as arrays through
 * unnest), a few in flight at once. Each device row follows its newest stored trusted fix (an
 * invalid one never moves it; see device-updates.ts), in one UPDATE per `deviceFlushMs` for
 * all devices that moved; tire readings (latest per device and wheel) go in the same round.
 * Rows stay queued until their INSERT
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
  private moved = new Map<number, DeviceUpdate>();
  private tires = new Map<string, TireRow>();
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
    while (
      !this.closed &&
      (this.pending > 0 || this.moved.size > 0 || this.tires.size > 0 || this.devicesWriting)
    ) {
      if (this.queue.length && this.inflight < this.opts.concurrency && !this.timer) void this.writeOnce();
      if ((this.moved.size || this.tires.size) && !this.devicesWriting) await this.flushDevices();
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
      for (const r of batch) {
        addToUpdates(this.moved, r);
        if (r.tires) addTireReadings(this.tires, r.deviceId, r.fixTime, r.tires);
      }
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

  /** One UPDATE for every device that moved since the last one, one upsert of tires; one at a time. */
  private flushDevices(): Promise<void> {
    if (this.devicesWriting || (this.moved.size === 0 && this.tires.size === 0))
      return this.devicesWriting ?? Promise.resolve();
    const { fixes, statuses } = splitUpdates(this.moved);
    const tires = [...this.tires.values()];
    this.moved = new Map();
    this.tires = new Map();
    this.devicesWriting = updateLastPositions(this.db, fixes)
      .then(() => updateLastStatus(this.db, statuses))
      .then(() => upsertTireReadings(this.db, tires))
      .catch((err) => {
        // Keep them for the next round unless a newer report arrived meanwhile.
        for (const r of [...fixes, ...statuses]) addToUpdates(this.moved, r);
        for (const t of tires) addTireReadings(this.tires, t.deviceId, t.time, [t]);
        this.emit('error', err, true);
        this.scheduleDevices();
      })
      .finally(() => {
        this.devicesWriting = null;
      });
    return this.devicesWriting;
  }
}
