/**
 * Run state of a device (spec section 4 and the section 9 constants), pure so that the list,
 * the markers and the device panel derive it the same way and tests can pin the rules down.
 */
import { DEVICE_STATE, RUN_STATE } from './codes';
import { FAST_SPEED_KMH, OVERSPEED_KMH, STOP_GAP_MS, STOP_SPEED_KMH } from './constants';
import { decisiveExpiry, isDeviceExpired, type ExpiryFields } from './expiry';
import { time } from './iso-time';

export type RunStateCode = (typeof RUN_STATE)[keyof typeof RUN_STATE];

/** The fields of a device the run state reads. Times are ISO strings as the API sends them. */
export interface RunStateInput {
  state: number;
  /** EXPIRE_TYPE: which expiry decides (absent: the platform's). */
  expireType?: number | null;
  platformExpireAt: string | null;
  userExpireAt?: string | null;
  /** When the device last changed state (went online or offline). */
  stateTime?: string | null;
  /** Client-side: since when an online device has been seen standing still (live updates). */
  stoppedSince?: number | null;
  location: { speed: number; utcTime: string } | null;
}

/** What the list shows: a text key plus, for some kinds, a duration start or a speed. */
export type RunState =
  | { kind: 'expired'; code: RunStateCode }
  | { kind: 'inactive'; code: RunStateCode }
  | { kind: 'offline'; code: RunStateCode; since: number | null }
  | { kind: 'online'; code: RunStateCode }
  | { kind: 'stopped'; code: RunStateCode; since: number }
  | { kind: 'driving'; code: RunStateCode; speed: number };

export { time };

/** The decisive expiry as epoch ms (null: no expiry); src/domain/expiry.ts holds the rule. */
export function expiryOf(d: ExpiryFields): number | null {
  return decisiveExpiry(d);
}

/** Past the decisive expiry (src/domain/expiry.ts); the stored state code does not decide. */
export function isExpired(d: ExpiryFields, now: number): boolean {
  return isDeviceExpired(d, now);
}

/** Speed class of a moving device: overspeed above 120, fast above 60, otherwise moving. */
export function speedCode(speed: number): RunStateCode {
  if (speed > OVERSPEED_KMH) return RUN_STATE.overspeed;
  if (speed > FAST_SPEED_KMH) return RUN_STATE.fast;
  return RUN_STATE.moving;
}

/**
 * Spec section 4: online with a position and (gap under 60 s and speed <= 10, or gap over 60 s)
 * is stopped; otherwise driving. Online without a position is "online"; offline shows its
 * duration. A gap of exactly 60 s with a speed above 10 falls through to driving, as the rule
 * reads.
 */
export function runStateOf(d: RunStateInput, now: number): RunState {
  if (isExpired(d, now)) return { kind: 'expired', code: RUN_STATE.expired };
  if (d.state === DEVICE_STATE.unactivated) return { kind: 'inactive', code: RUN_STATE.unknown };
  if (d.state !== DEVICE_STATE.online) {
    return { kind: 'offline', code: RUN_STATE.offline, since: time(d.stateTime) };
  }
  if (!d.location) return { kind: 'online', code: RUN_STATE.unknown };
  const fix = time(d.location.utcTime) ?? now;
  const gap = now - fix;
  const speed = d.location.speed;
  if ((gap < STOP_GAP_MS && speed <= STOP_SPEED_KMH) || gap > STOP_GAP_MS) {
    // Standing still since the first fix seen without movement, else since the last fix.
    const since = d.stoppedSince != null && d.stoppedSince <= fix ? d.stoppedSince : fix;
    return { kind: 'stopped', code: RUN_STATE.stop, since };
  }
  return { kind: 'driving', code: speedCode(speed), speed };
}

/** A duration as its two largest units, for texts such as "2 d 3 h" or "12 min". */
export interface DurationPart {
  unit: 'd' | 'h' | 'min' | 's';
  count: number;
}

export function durationParts(ms: number): DurationPart[] {
  const total = Math.max(0, Math.floor(ms / 1000));
  const units: [DurationPart['unit'], number][] = [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ];
  const parts: DurationPart[] = [];
  let rest = total;
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push({ unit, count });
    if (parts.length === 2) break;
  }
  // Seconds only matter under a minute; "3 min 12 s" is noise in a list.
  if (parts.length === 2 && parts[1].unit === 's') parts.pop();
  const kept = parts.filter((p, i) => i === 0 || p.count > 0);
  return kept.length ? kept : [{ unit: 's', count: 0 }];
}
