import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { LOCK_RESTORE_MINUTES } from '../../src/domain/constants';
import { LOCK_COMMAND, lockRestoreDue } from '../../src/domain/lock';
import { NoResponderError, type EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { deviceLocks } from '../db/schema/device-locks';
import { devices } from '../db/schema/devices';
import { deliverCommand } from '../services/command/delivery';
import { storeAlarms } from './store';

/** Whether a point lies in one of the device's fences; null when the device has none. */
export type FenceTest = (deviceId: number, lon: number, lat: number) => boolean | null;

const COMMAND_TIMEOUT_MS = 20_000;

/**
 * The lock rule (src/domain/lock.ts) run by the gateway once a minute: each device unlocked for
 * longer than the restore time whose last position is outside its fences is locked again, and
 * a `lockRestored` alarm tells its owner. A device without fences counts as outside them. The
 * row is claimed before the command goes, so of several nodes one sends it; a device no node
 * holds keeps its claim open and is tried again at the next run.
 */
export class LockRestore {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly inFence: FenceTest,
  ) {}

  async run(now = new Date()): Promise<number> {
    const due = new Date(now.getTime() - LOCK_RESTORE_MINUTES * 60_000);
    const rows = await this.db
      .select({
        id: devices.id,
        terminalId: devices.terminalId,
        protocol: devices.protocol,
        lat: devices.lat,
        lon: devices.lon,
        unlockedAt: deviceLocks.unlockedAt,
      })
      .from(deviceLocks)
      .innerJoin(devices, eq(devices.id, deviceLocks.deviceId))
      .where(and(isNull(deviceLocks.restoredAt), lte(deviceLocks.unlockedAt, due)));
    let restored = 0;
    for (const r of rows) {
      const inside = r.lat == null || r.lon == null ? null : (this.inFence(r.id, r.lon, r.lat) ?? false);
      if (!lockRestoreDue(r.unlockedAt.getTime(), now.getTime(), inside)) continue;
      if (await this.restore(r, now)) restored++;
    }
    return restored;
  }

  private async restore(
    r: {
      id: number;
      terminalId: string;
      protocol: number;
      lat: number | null;
      lon: number | null;
      unlockedAt: Date;
    },
    now: Date,
  ) {
    const [claimed] = await this.db
      .update(deviceLocks)
      .set({ restoredAt: now })
      .where(
        and(
          eq(deviceLocks.deviceId, r.id),
          eq(deviceLocks.unlockedAt, r.unlockedAt),
          isNull(deviceLocks.restoredAt),
        ),
      )
      .returning({ id: deviceLocks.deviceId });
    if (!claimed) return false;
    try {
      await deliverCommand(this.db, this.bus, r, LOCK_COMMAND, null, COMMAND_TIMEOUT_MS);
    } catch (e) {
      // Not connected anywhere: release the claim, the next run tries again.
      await this.db
        .update(deviceLocks)
        .set({ restoredAt: sql`NULL` })
        .where(eq(deviceLocks.deviceId, r.id));
      if (e instanceof NoResponderError) return false;
      throw e;
    }
    await storeAlarms(this.db, this.bus, [
      {
        deviceId: r.id,
        terminalId: r.terminalId,
        type: 'lockRestored',
        time: now,
        lat: r.lat,
        lon: r.lon,
        speed: null,
        attributes: { unlockedAt: r.unlockedAt.toISOString() },
      },
    ]);
    return true;
  }
}
