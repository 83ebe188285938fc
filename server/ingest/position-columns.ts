import type { TireSensorReading } from '../../src/domain/tire';
import type { PositionRecord } from './position-writer';

/**
 * A batch of positions as columns for postMessage to the writer's worker thread: the numbers in
 * one Float64Array and the flags in one Int8Array, both transferred rather than copied, so the
 * gateway's thread spends microseconds per batch instead of cloning thousands of objects. Only
 * the stored fields travel; what the gateway keeps on a record (callbacks, alarm context) stays
 * on the original, which the writer hands back on 'committed'.
 */
export interface PositionColumns {
  n: number;
  /** NUMERIC.length values per row; NaN is NULL (the array literals write non-finite as NULL). */
  nums: Float64Array;
  /** valid (0/1) and acc (-1 NULL, 0, 1) per row. */
  flags: Int8Array;
  positionType: string[];
  alarm: (string | null)[];
  attributes: (Record<string, unknown> | null)[];
  /** Tire readings of the rows that carry them, as [row, readings]. */
  tires: [number, readonly TireSensorReading[]][];
}

const NUMERIC = [
  'deviceId',
  'fixTime',
  'serverTime',
  'lat',
  'lon',
  'speed',
  'course',
  'altitude',
  'satellites',
  'battery',
  'mileage',
] as const;
const K = NUMERIC.length;

const num = (v: number | null) => (v === null ? NaN : v);
const orNull = (v: number) => (Number.isNaN(v) ? null : v);

export function toColumns(batch: readonly PositionRecord[]): PositionColumns {
  const n = batch.length;
  const nums = new Float64Array(n * K);
  const flags = new Int8Array(n * 2);
  const positionType = new Array<string>(n);
  const alarm = new Array<string | null>(n);
  const attributes = new Array<Record<string, unknown> | null>(n);
  const tires: PositionColumns['tires'] = [];
  for (let i = 0; i < n; i++) {
    const r = batch[i];
    const o = i * K;
    nums[o] = r.deviceId;
    nums[o + 1] = r.fixTime.getTime();
    nums[o + 2] = r.serverTime.getTime();
    nums[o + 3] = r.lat;
    nums[o + 4] = r.lon;
    nums[o + 5] = r.speed;
    nums[o + 6] = r.course;
    nums[o + 7] = num(r.altitude);
    nums[o + 8] = num(r.satellites);
    nums[o + 9] = num(r.battery);
    nums[o + 10] = num(r.mileage);
    flags[i * 2] = r.valid ? 1 : 0;
    flags[i * 2 + 1] = r.acc === null ? -1 : r.acc ? 1 : 0;
    positionType[i] = r.positionType;
    alarm[i] = r.alarm;
    attributes[i] = r.attributes;
    if (r.tires) tires.push([i, r.tires]);
  }
  return { n, nums, flags, positionType, alarm, attributes, tires };
}

/** The buffers postMessage may move instead of copying. */
export const transferables = (c: PositionColumns) => [
  c.nums.buffer as ArrayBuffer,
  c.flags.buffer as ArrayBuffer,
];

/** Back to records, in the worker: the stored fields only. */
export function fromColumns(c: PositionColumns): PositionRecord[] {
  const out = new Array<PositionRecord>(c.n);
  for (let i = 0; i < c.n; i++) {
    const o = i * K;
    const acc = c.flags[i * 2 + 1];
    out[i] = {
      deviceId: c.nums[o],
      fixTime: new Date(c.nums[o + 1]),
      serverTime: new Date(c.nums[o + 2]),
      lat: c.nums[o + 3],
      lon: c.nums[o + 4],
      speed: c.nums[o + 5],
      course: c.nums[o + 6],
      altitude: orNull(c.nums[o + 7]),
      valid: c.flags[i * 2] === 1,
      positionType: c.positionType[i],
      satellites: orNull(c.nums[o + 8]),
      acc: acc === -1 ? null : acc === 1,
      battery: orNull(c.nums[o + 9]),
      mileage: orNull(c.nums[o + 10]),
      alarm: c.alarm[i],
      attributes: c.attributes[i],
    };
  }
  for (const [i, t] of c.tires) out[i].tires = t;
  return out;
}
