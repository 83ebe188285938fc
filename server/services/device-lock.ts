import { eq } from 'drizzle-orm';
import { isLockCommand, isUnlockCommand } from '../../src/domain/lock';
import type { Db } from '../db/client';
import { deviceLocks } from '../db/schema/device-locks';

/**
 * Keeps the lock rule's state from the commands users send: an unlock starts the restore
 * clock (again), a lock sent by hand ends it.
 */
export async function noteLockCommand(db: Db, deviceId: number, content: string, now = new Date()) {
  if (isUnlockCommand(content)) {
    await db
      .insert(deviceLocks)
      .values({ deviceId, unlockedAt: now, restoredAt: null })
      .onConflictDoUpdate({ target: deviceLocks.deviceId, set: { unlockedAt: now, restoredAt: null } });
  } else if (isLockCommand(content)) {
    await db.update(deviceLocks).set({ restoredAt: now }).where(eq(deviceLocks.deviceId, deviceId));
  }
}
