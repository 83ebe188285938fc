import type { Db } from '../../db/client';
import { commandStatusLog } from '../../db/schema/command-status-log';
import type { DeviceRow } from '../../db/schema/devices';
import { offlineCommands } from '../../db/schema/offline-commands';
import type { AuthContext } from '../../plugins/auth';

/** Queues a command for the device's next connection (spec: offline commands). */
export async function queueOffline(
  db: Db,
  auth: AuthContext,
  device: DeviceRow,
  content: string,
  ttlHours: number,
) {
  const [row] = await db
    .insert(offlineCommands)
    .values({
      deviceId: device.id,
      terminalId: device.terminalId,
      userId: auth.user.id,
      content,
      protocol: device.protocol,
      expiresAt: new Date(Date.now() + ttlHours * 3600_000),
    })
    .returning();
  await db.insert(commandStatusLog).values({
    offlineCommandId: row.id,
    terminalId: device.terminalId,
    status: 'queued',
    userId: auth.user.id,
  });
  return row;
}
