import type { Db } from '../db/client';
import { addToUpdates, splitUpdates, type DeviceUpdate } from './device-updates';
import { insertPositions, updateLastPositions, updateLastStatus } from './position-sql';
import type { PositionRecord } from './position-writer';
import { addTireReadings, upsertTireReadings, type TireRow } from './tire-readings';

/**
 * Where the position writer's batches go: the database work behind PositionWriter, either in
 * this thread (DirectStore) or in a worker thread (WorkerStore in worker-store.ts).
 */
export interface BatchStore {
  /** Resolves once the rows are committed, rejects when they are not (the writer retries). */
  write(batch: PositionRecord[]): Promise<void>;
  /** Resolves when every device row is up to date with what was committed so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
  /** Failures the writer reports as 'error' but that need no action from it (they are retried here). */
  onError: (err: Error) => void;
}

const byDevice = (a: PositionRecord, b: PositionRecord) => a.deviceId - b.deviceId;

export const isBatchStore = (x: unknown): x is BatchStore =>
  typeof (x as BatchStore).write === 'function' && typeof (x as BatchStore).settle === 'function';

/**
 * INSERTs each batch (whole columns as arrays through unnest). Each device row follows its
 * newest stored trusted fix (an invalid one never moves it; see device-updates.ts), in one
 * UPDATE per `deviceFlushMs` for all devices that moved; tire readings (latest per device and
 * wheel) go in the same round.
 */
export class DirectStore implements BatchStore {
  private moved = new Map<number, DeviceUpdate>();
  private tires = new Map<string, TireRow>();
  private deviceTimer: NodeJS.Timeout | null = null;
  private devicesWriting: Promise<void> | null = null;
  private closed = false;
  onError: (err: Error) => void = () => {};

  constructor(
    private db: Db,
    private deviceFlushMs = 1000,
  ) {}

  async write(batch: PositionRecord[]): Promise<void> {
    await insertPositions(this.db, batch);
    for (const r of batch) {
      addToUpdates(this.moved, r);
      if (r.tires) addTireReadings(this.tires, r.deviceId, r.fixTime, r.tires);
    }
    this.scheduleDevices();
  }

  async settle(): Promise<void> {
    while (!this.closed && (this.moved.size > 0 || this.tires.size > 0 || this.devicesWriting)) {
      await this.flushDevices();
      // A failed round is back in the maps: do not spin on a database that is down.
      if (this.moved.size || this.tires.size) await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    await this.settle();
    this.closed = true;
    if (this.deviceTimer) clearTimeout(this.deviceTimer);
  }

  private scheduleDevices() {
    if (this.deviceTimer || this.closed) return;
    this.deviceTimer = setTimeout(() => {
      this.deviceTimer = null;
      void this.flushDevices();
    }, this.deviceFlushMs);
  }

  /** One UPDATE for every device that moved since the last one, one upsert of tires; one at a time. */
  private flushDevices(): Promise<void> {
    if (this.devicesWriting || (this.moved.size === 0 && this.tires.size === 0))
      return this.devicesWriting ?? Promise.resolve();
    const { fixes, statuses } = splitUpdates(this.moved);
    // Rows locked in one order (by id) in every process: two gateway processes updating the
    // same devices at once would otherwise deadlock.
    fixes.sort(byDevice);
    statuses.sort(byDevice);
    const tires = [...this.tires.values()];
    this.moved = new Map();
    this.tires = new Map();
    this.devicesWriting = updateLastPositions(this.db, fixes)
      .then(() => updateLastStatus(this.db, statuses))
      .then(() => upsertTireReadings(this.db, tires))
      .catch((err: Error) => {
        // Keep them for the next round unless a newer report arrived meanwhile.
        for (const r of [...fixes, ...statuses]) addToUpdates(this.moved, r);
        for (const t of tires) addTireReadings(this.tires, t.deviceId, t.time, [t]);
        this.onError(err);
        this.scheduleDevices();
      })
      .finally(() => {
        this.devicesWriting = null;
      });
    return this.devicesWriting;
  }
}
