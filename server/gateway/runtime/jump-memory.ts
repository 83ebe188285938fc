import { judgeJump, NO_JUMPS, type JumpState, type PlacedFix } from '../../../src/domain/fix-jump';

/** Devices whose last trusted fix is remembered; past this the least recently seen go. */
const DEVICES_MAX = 200_000;

/**
 * Each device's jump state (src/domain/fix-jump.ts) in this process. A device not remembered
 * (new, or after a restart) has its next fix taken as its anchor, as a fix after a long silence.
 */
export class JumpMemory {
  private states = new Map<number, JumpState>();

  constructor(private readonly max = DEVICES_MAX) {}

  /** Judges a trusted fix of a device; true: it is a jump. */
  judge(deviceId: number, fix: PlacedFix, maxKmh: number): boolean {
    const before = this.states.get(deviceId) ?? NO_JUMPS;
    const { jump, state } = judgeJump(before, fix, maxKmh);
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.states.delete(deviceId);
    this.states.set(deviceId, state);
    if (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
    return jump;
  }
}
