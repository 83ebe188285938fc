/**
 * The speed chart: the highest speed per time bucket. Buckets sit on a grid of multiples of
 * their size since the epoch, so the 5-minute buckets of daily rollups (platform midnight is a
 * multiple of 5 minutes) fold into any coarser bucket that is a multiple of 5 minutes.
 */
import { SPEED_BUCKETS_MAX } from './rules';

export interface SpeedSeries {
  /** Bucket starts, epoch ms, ascending. */
  t: number[];
  max: number[];
}

/** The smallest multiple of `unitMs` that covers `rangeMs` in at most SPEED_BUCKETS_MAX buckets. */
export function bucketSizeFor(rangeMs: number, unitMs: number): number {
  // One bucket less than the maximum: a range not on the grid touches one more.
  const per = rangeMs / (SPEED_BUCKETS_MAX - 1);
  return Math.max(1, Math.ceil(per / unitMs)) * unitMs;
}

/** Highest value per bucket. */
export class SpeedBuckets {
  private max = new Map<number, number>();
  constructor(readonly sizeMs: number) {}

  add(t: number, speed: number) {
    const key = t - (((t % this.sizeMs) + this.sizeMs) % this.sizeMs);
    const cur = this.max.get(key);
    if (cur === undefined || speed > cur) this.max.set(key, speed);
  }

  /** Adds a finer series (its buckets must nest in this one's). */
  addSeries(s: SpeedSeries) {
    for (let i = 0; i < s.t.length; i++) this.add(s.t[i], s.max[i]);
  }

  series(): SpeedSeries {
    const keys = [...this.max.keys()].sort((a, b) => a - b);
    return { t: keys, max: keys.map((k) => this.max.get(k)!) };
  }
}
