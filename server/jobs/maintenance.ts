import type { ServerConfig } from '../config';
import { ensureCurrentPositionPartitions, type Db } from '../db/client';
import { purgeFrameLog } from '../gateway/runtime/frame-log';
import { purgeExpiredSessions } from '../services/sessions';
import { PositionRetentionJob } from './position-retention';

/**
 * The housekeeping every node does whatever its role: expired sessions and old frame logs
 * hourly, next month's position partition and the retention of old ones daily. All of it is
 * idempotent or locked in the database, so a cluster may run it on every node.
 */
export function startMaintenance(db: Db, config: ServerConfig) {
  const hourly = setInterval(() => {
    purgeExpiredSessions(db).catch(() => {});
    purgeFrameLog(db, config.frameLogDays).catch(() => {});
  }, 3600_000);
  const daily = setInterval(() => ensureCurrentPositionPartitions(db).catch(() => {}), 86_400_000);
  hourly.unref();
  daily.unref();
  const retention =
    config.positionRetentionMonths > 0 ? new PositionRetentionJob(db, config.positionRetentionMonths) : null;
  // Not at once: a node that restarts in a loop should not run it on every start.
  retention?.start(60_000);
  return {
    async stop() {
      clearInterval(hourly);
      clearInterval(daily);
      await retention?.stop();
    },
  };
}
