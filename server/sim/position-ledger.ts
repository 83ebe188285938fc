import { GT06_PROTOCOL } from '../gateway/gt06/encoder';

/**
 * What a simulated tracker remembers of the positions it took (SimOptions.keepUnacked): every
 * position waits, keyed by the serial of the frame that carried it, until the platform
 * acknowledges that serial. After a reconnect the tracker sends the waiting ones again with new
 * serials, as real JT/T 808 terminals upload their blind-area data. The fault tests count
 * `sent`, `acked` and what the database stored per device from it.
 */
export interface WaitingPosition {
  /** Fix time in ms: the identity of a position (one per device and second). */
  fixMs: number;
  /** Encodes the position again under a new serial (the first, when it takes several). */
  frame(serial: number): Buffer;
  /** Serials the frame uses (an 808 message in sub-packages takes one per part); default 1. */
  serials?: number;
}

export class PositionLedger {
  private waiting = new Map<number, WaitingPosition>();
  /** Positions taken but not yet written to any connection (taken while offline). */
  private held: WaitingPosition[] = [];
  /** Fix times of every position taken, and of those the platform acknowledged. */
  readonly taken = new Set<number>();
  readonly acked = new Set<number>();
  /** Frames sent again after a reconnect. */
  resent = 0;

  /** A position taken while the tracker cannot send: kept for the next connection. */
  hold(p: WaitingPosition) {
    this.taken.add(p.fixMs);
    this.held.push(p);
  }

  /** A position just written under `serial`. */
  sent(serial: number, p: WaitingPosition) {
    this.taken.add(p.fixMs);
    this.waiting.set(serial, p);
  }

  /** The platform acknowledged `serial`; false when no position waited for it. */
  ack(serial: number): boolean {
    const p = this.waiting.get(serial);
    if (!p) return false;
    this.waiting.delete(serial);
    this.acked.add(p.fixMs);
    return true;
  }

  /**
   * Everything not acknowledged, oldest fix first, to send on a new connection: acks of the
   * old connection can no longer arrive, so their serials are forgotten.
   */
  takeUnacked(): WaitingPosition[] {
    const all = [...this.waiting.values(), ...this.held].sort((a, b) => a.fixMs - b.fixMs);
    const resent = this.waiting.size;
    this.waiting.clear();
    this.held = [];
    this.resent += resent;
    return all;
  }

  get unacked(): number {
    return this.waiting.size + this.held.length;
  }
}

const P = GT06_PROTOCOL;
/** GT06 packets whose ack (same protocol and serial) acknowledges a position. */
export const GT06_POSITION_PROTOCOLS: ReadonlySet<number> = new Set([
  P.gps,
  P.gpsLbs6,
  P.gpsLbs,
  P.alarm,
  P.gpsLbs2,
  P.alarm2,
  P.gpsLbs7,
  P.fenceMulti,
]);
