import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgArray, type Scalar } from './pg-array';

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
  /** Above this many waiting rows the writer reports pressure (sockets pause). */
  highWater?: number;
  /** Below this many, it reports drain (sockets resume). */
  lowWater?: number;
  /** Longest wait between retries while the database is unreachable. */
  maxRetryMs?: number;
}

/**
 * Batches positions by size and by time window into one INSERT (arrays through unnest, so the
 * statement has 16 parameters whatever the batch size), and updates each device's last
 * position once per batch. Rows stay queued until their batch commits: if the database is
 * down the writer retries with back-off and raises `pressure` so the gateways stop reading.
 *
 * Events: 'committed' (records), 'pressure', 'drain', 'error' (err, willRetry).
 */
export class PositionWriter extends EventEmitter {
  private queue: PositionRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing = false;
  private retryMs = 0;
  private pressured = false;
  private closed = false;
  readonly opts: Required<WriterOptions>;
  stats = { committed: 0, batches: 0, failures: 0 };

  constructor(
    private db: Db,
    opts: WriterOptions = {},
  ) {
    super();
    this.opts = { maxBatch: 2000, flushMs: 100, highWater: 50_000, lowWater: 10_000, maxRetryMs: 2000, ...opts };
  }

  get pending(): number {
    return this.queue.length;
  }

  get underPressure(): boolean {
    return this.pressured;
  }

  add(rec: PositionRecord): void {
    this.queue.push(rec);
    if (!this.pressured && this.queue.length >= this.opts.highWater) {
      this.pressured = true;
      this.emit('pressure');
    }
    if (this.queue.length >= this.opts.maxBatch) this.kick(0);
    else this.kick(this.opts.flushMs);
  }

  /** Writes everything queued; resolves when the queue is empty (or the writer is closed). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      if (!this.writing) await this.writeOnce();
      else await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private kick(delay: number) {
    if (this.writing || this.closed) return;
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.writeOnce();
    }, delay);
  }

  private async writeOnce(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch = this.queue.slice(0, this.opts.maxBatch);
    try {
      await this.db.transaction(async (tx) => {
        await insertPositions(tx as unknown as Db, batch);
        await updateLastPositions(tx as unknown as Db, batch);
      });
      this.queue.splice(0, batch.length);
      this.retryMs = 0;
      this.stats.committed += batch.length;
      this.stats.batches++;
      this.emit('committed', batch);
    } catch (err) {
      this.stats.failures++;
      this.retryMs = Math.min(this.opts.maxRetryMs, this.retryMs ? this.retryMs * 2 : 100);
      this.emit('error', err, true);
    } finally {
      this.writing = false;
    }
    if (this.pressured && this.queue.length <= this.opts.lowWater) {
      this.pressured = false;
      this.emit('drain');
    }
    if (this.queue.length > 0) this.kick(this.retryMs || (this.queue.length >= this.opts.maxBatch ? 0 : this.opts.flushMs));
  }
}

const col = (batch: PositionRecord[], f: (r: PositionRecord) => Scalar) => batch.map(f);
/** One array parameter, as a literal the server parses (see pg-array.ts for why). */
const arr = (values: Scalar[]) => sql.param(pgArray(values));

async function insertPositions(db: Db, batch: PositionRecord[]) {
  await db.execute(sql`
    INSERT INTO positions (device_id, fix_time, server_time, lat, lon, speed, course, altitude, valid,
      position_type, satellites, acc, battery, mileage, alarm, attributes)
    SELECT * FROM unnest(
      ${arr(col(batch, (r) => r.deviceId))}::int[],
      ${arr(col(batch, (r) => r.fixTime.toISOString()))}::timestamptz[],
      ${arr(col(batch, (r) => r.serverTime.toISOString()))}::timestamptz[],
      ${arr(col(batch, (r) => r.lat))}::float8[],
      ${arr(col(batch, (r) => r.lon))}::float8[],
      ${arr(col(batch, (r) => r.speed))}::real[],
      ${arr(col(batch, (r) => r.course))}::smallint[],
      ${arr(col(batch, (r) => r.altitude))}::real[],
      ${arr(col(batch, (r) => r.valid))}::boolean[],
      ${arr(col(batch, (r) => r.positionType))}::varchar[],
      ${arr(col(batch, (r) => r.satellites))}::smallint[],
      ${arr(col(batch, (r) => r.acc))}::boolean[],
      ${arr(col(batch, (r) => r.battery))}::smallint[],
      ${arr(col(batch, (r) => r.mileage))}::float8[],
      ${arr(col(batch, (r) => r.alarm))}::varchar[],
      ${arr(col(batch, (r) => (r.attributes ? JSON.stringify(r.attributes) : null)))}::jsonb[]
    )`);
}

/** The newest fix of each device in the batch. */
export function latestPerDevice(batch: PositionRecord[]): PositionRecord[] {
  const latest = new Map<number, PositionRecord>();
  for (const r of batch) {
    const cur = latest.get(r.deviceId);
    if (!cur || r.fixTime >= cur.fixTime) latest.set(r.deviceId, r);
  }
  return [...latest.values()];
}

async function updateLastPositions(db: Db, batch: PositionRecord[]) {
  const rows = latestPerDevice(batch);
  // A re-uploaded old fix must not move the vehicle back in time.
  await db.execute(sql`
    UPDATE devices d SET lat = v.lat, lon = v.lon, speed = v.speed, course = v.course, altitude = v.altitude,
      fix_time = v.fix_time, valid = v.valid, position_type = v.position_type,
      acc = coalesce(v.acc, d.acc), battery = coalesce(v.battery, d.battery), mileage = coalesce(v.mileage, d.mileage),
      updated_at = now()
    FROM unnest(
      ${arr(col(rows, (r) => r.deviceId))}::int[],
      ${arr(col(rows, (r) => r.lat))}::float8[],
      ${arr(col(rows, (r) => r.lon))}::float8[],
      ${arr(col(rows, (r) => r.speed))}::real[],
      ${arr(col(rows, (r) => r.course))}::smallint[],
      ${arr(col(rows, (r) => r.altitude))}::real[],
      ${arr(col(rows, (r) => r.fixTime.toISOString()))}::timestamptz[],
      ${arr(col(rows, (r) => r.valid))}::boolean[],
      ${arr(col(rows, (r) => r.positionType))}::varchar[],
      ${arr(col(rows, (r) => r.acc))}::boolean[],
      ${arr(col(rows, (r) => r.battery))}::smallint[],
      ${arr(col(rows, (r) => r.mileage))}::float8[]
    ) AS v(id, lat, lon, speed, course, altitude, fix_time, valid, position_type, acc, battery, mileage)
    WHERE d.id = v.id AND (d.fix_time IS NULL OR v.fix_time >= d.fix_time)`);
}
