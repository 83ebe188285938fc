/**
 * Impossible jumps as they arrive (issue 30): a fix that would have needed more than the
 * device's maximum speed to get there from its last trusted fix is stored flagged (invalid
 * 'jump', src/domain/fix-validity.ts), like an impossible fix: kept in history, never the current
 * position, never a place alarm. Playback and mileage judge a whole day afterwards
 * (src/domain/track/jumps.ts); this judges one fix at a time, with what came before it only.
 */
import { DEVICE_PROTOCOL } from './codes';
import { distanceM } from './track/geo';

/** What kind of carrier a tracker rides on, for its fastest believable speed. */
export type CarrierKind = 'vehicle' | 'phone' | 'personal';

/**
 * The fastest a device of each kind may move (km/h): a car or truck tracker stays on the road; a
 * phone (OsmAnd, Traccar Client) or a personal tracker may be on a plane.
 */
export const MAX_SPEED_KMH: Record<CarrierKind, number> = { vehicle: 300, phone: 1000, personal: 1000 };

/** The highest maximum speed a device may be given (km/h): an airliner's. */
export const MAX_SPEED_SETTING_KMH = 1200;

/** The kind a device protocol is made for: phones and personal trackers; the rest ride vehicles. */
export function carrierKindOf(protocol: number): CarrierKind {
  if (protocol === DEVICE_PROTOCOL.OsmAnd) return 'phone';
  if (
    protocol === DEVICE_PROTOCOL.K100 ||
    protocol === DEVICE_PROTOCOL.K100b ||
    protocol === DEVICE_PROTOCOL.K100b4g
  )
    return 'personal';
  return 'vehicle';
}

/** A device's maximum speed: its own setting when it has one, else its kind's. */
export const maxSpeedKmhOf = (protocol: number, own?: number | null): number =>
  own != null && own > 0 ? own : MAX_SPEED_KMH[carrierKindOf(protocol)];

/**
 * Distance any two fixes may be apart whatever the time between them: receivers wander tens of
 * metres standing still and a network (cell, Wi-Fi) fix is off by up to a kilometre or two.
 */
export const JUMP_SLACK_M = 2000;

/**
 * Consecutive jumps that agree with each other after which the device is believed to be there:
 * the last trusted fix was the wrong one (a glitch that looked possible), or the device really
 * got there faster than its kind's maximum (a car tracker on a ferry or a plane).
 */
export const JUMP_CONFIRMATIONS = 3;

export interface PlacedFix {
  lat: number;
  lon: number;
  /** Epoch ms. */
  t: number;
}

/** Whether b is out of reach of a at `maxKmh` (either may be the earlier one). */
export function outOfReach(a: PlacedFix, b: PlacedFix, maxKmh: number): boolean {
  const beyond = distanceM(a.lat, a.lon, b.lat, b.lon) - JUMP_SLACK_M;
  if (beyond <= 0) return false;
  const hours = Math.abs(b.t - a.t) / 3_600_000;
  return hours === 0 || beyond / 1000 / hours > maxKmh;
}

/** What is remembered of a device between fixes. */
export interface JumpState {
  /** The last trusted fix (the newest of them); null before the first. */
  anchor: PlacedFix | null;
  /** The jumps since, while they agree with each other (oldest first). */
  run: PlacedFix[];
}

export const NO_JUMPS: JumpState = { anchor: null, run: [] };

/**
 * Judges one fix the device flagged valid: a jump or not, and the state after it. A jump never
 * becomes the anchor, so the fixes after a glitch are judged against the fix before it; a fix
 * after a long silence is far in time too, so only a speed beyond the maximum counts.
 */
export function judgeJump(
  state: JumpState,
  fix: PlacedFix,
  maxKmh: number,
): { jump: boolean; state: JumpState } {
  const { anchor } = state;
  if (!anchor || !outOfReach(anchor, fix, maxKmh)) {
    const newer = !anchor || fix.t >= anchor.t;
    return { jump: false, state: { anchor: newer ? fix : anchor, run: [] } };
  }
  const last = state.run[state.run.length - 1];
  const run = last && !outOfReach(last, fix, maxKmh) ? [...state.run, fix] : [fix];
  if (run.length >= JUMP_CONFIRMATIONS) return { jump: false, state: { anchor: fix, run: [] } };
  return { jump: true, state: { anchor, run } };
}
