import type { Db } from '../db/client';
import { dropExpiredPositionPartitions } from '../db/partitions';
import { PeriodicJob } from './periodic';

const DAY_MS = 86_400_000;
/** After a failed run (a lock not granted in time, the database away), try again sooner. */
const RETRY_MS = 3_600_000;

/**
 * Drops the position partitions past POSITION_RETENTION_MONTHS once a day. Every node of a
 * cluster may run it: the partition lock serialises them and a partition already gone is
 * skipped (server/db/partitions.ts).
 */
export class PositionRetentionJob extends PeriodicJob<string[]> {
  constructor(
    private db: Db,
    private months: number,
    private now: () => Date = () => new Date(),
  ) {
    super('position-retention');
  }

  protected pass(): Promise<string[]> {
    return dropExpiredPositionPartitions(this.db, this.now(), this.months).then((dropped) => {
      if (dropped.length) console.log(`[position-retention] dropped ${dropped.join(', ')}`);
      return dropped;
    });
  }

  protected nextDelay(report?: string[]) {
    return report ? DAY_MS : RETRY_MS;
  }
}
