import { describe, expect, it } from 'vitest';
import { LOCK_RESTORE_MINUTES } from '../../src/domain/constants';
import { isLockCommand, isUnlockCommand, lockRestoreDue } from '../../src/domain/lock';

const MIN = 60_000;

describe('lock rule', () => {
  it('keeps an unlocked device open for the whole restore time', () => {
    expect(lockRestoreDue(0, (LOCK_RESTORE_MINUTES - 1) * MIN, false)).toBe(false);
    expect(lockRestoreDue(0, LOCK_RESTORE_MINUTES * MIN, false)).toBe(true);
  });

  it('restores only outside the fences, and not without a position', () => {
    expect(lockRestoreDue(0, 60 * MIN, true)).toBe(false);
    expect(lockRestoreDue(0, 60 * MIN, null)).toBe(false);
    expect(lockRestoreDue(0, 60 * MIN, false)).toBe(true);
  });

  it('knows the relay commands however they are typed', () => {
    expect(isUnlockCommand(' relay,0# ')).toBe(true);
    expect(isUnlockCommand('RELAY,1#')).toBe(false);
    expect(isLockCommand('Relay, 1#')).toBe(true);
    expect(isLockCommand('RELAY,0#')).toBe(false);
  });
});
