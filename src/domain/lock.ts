/**
 * The lock rule of spec section 4: a device unlocked by its user stays unlocked for
 * LOCK_RESTORE_MINUTES; after that the platform locks it again as soon as it is outside its
 * fences (a shared or rented vehicle left outside the allowed area is not left open).
 * The relay commands are the GT06 family's (JT/T 808 terminals of our variants take the same text).
 */
import { LOCK_RESTORE_MINUTES } from './constants';

export const LOCK_COMMAND = 'RELAY,1#';
export const UNLOCK_COMMAND = 'RELAY,0#';

const normal = (content: string) => content.trim().toUpperCase().replace(/\s+/g, '');

export const isUnlockCommand = (content: string) => normal(content) === UNLOCK_COMMAND;
export const isLockCommand = (content: string) => normal(content) === LOCK_COMMAND;

/**
 * Whether the lock is to be restored now. `insideAFence` is whether the last position lies in
 * one of the device's fences (null: no position known, nothing can be decided).
 */
export function lockRestoreDue(unlockedAt: number, now: number, insideAFence: boolean | null): boolean {
  if (insideAFence !== false) return false;
  return now - unlockedAt >= LOCK_RESTORE_MINUTES * 60_000;
}
