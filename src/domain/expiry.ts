/**
 * When a device expires (issue 14, item 4; spec sections 3 and 4). The one rule every place
 * asks: the monitor's states, icons and badges, the device list, the command and playback
 * refusals on the server and the daily expiry reminders. docs/expiry.md describes it.
 */
import { DEVICE_STATE, EXPIRY_FILTER } from './codes';
import { EXPIRE_TYPE } from './device-rules';
import { time } from './iso-time';

export const DAY_MS = 86_400_000;

/** A time as the API sends it (ISO), as epoch ms, or as the database hands it over. */
export type TimeLike = string | number | Date | null | undefined;

/** The fields of a device the rule reads. Without `expireType`, the platform expiry decides. */
export interface ExpiryFields {
  expireType?: number | null;
  platformExpireAt: TimeLike;
  userExpireAt?: TimeLike;
}

const ms = (v: TimeLike): number | null => {
  if (v == null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  return time(v);
};

/**
 * The decisive expiry, epoch ms, or null when the device never expires. `expireType` names
 * the date that decides (EXPIRE_TYPE: 0 platform, 1 user); a device that only has the other
 * date uses that one, so that an expiry type switched before the date was set does not make a
 * paid-up platform service endless.
 */
export function decisiveExpiry(d: ExpiryFields): number | null {
  const platform = ms(d.platformExpireAt);
  const user = ms(d.userExpireAt);
  return d.expireType === EXPIRE_TYPE.user ? (user ?? platform) : (platform ?? user);
}

/** The expiry filters' bands (spec: 7 days, 60 days, already expired). */
export type ExpiryBand = 'expired' | 'within7Days' | 'within60Days';

export interface ExpiryStatus {
  /** The decisive expiry, epoch ms; null: never expires. */
  at: number | null;
  /** Past the decisive expiry: commands, playback and live positions are refused. */
  expired: boolean;
  /** Whole days left, rounded up (0 on the last instant; negative once expired); null: none. */
  daysLeft: number | null;
  band: ExpiryBand | null;
}

/**
 * Whether a device is expired at `now` and how long it has left. Expired means strictly after
 * the decisive expiry; the bands include their bounds (7 days to the millisecond is within 7),
 * as the list's expiry filter does (device-rules.ts expiryWindow).
 */
export function expiryStatus(d: ExpiryFields, now: number): ExpiryStatus {
  const at = decisiveExpiry(d);
  if (at == null) return { at, expired: false, daysLeft: null, band: null };
  const left = at - now;
  const expired = left < 0;
  const band: ExpiryBand | null = expired
    ? 'expired'
    : left <= EXPIRY_FILTER.within7Days * DAY_MS
      ? 'within7Days'
      : left <= EXPIRY_FILTER.within60Days * DAY_MS
        ? 'within60Days'
        : null;
  // Math.ceil(-0.5) is -0; the + 0 turns it into a plain 0.
  return { at, expired, daysLeft: Math.ceil(left / DAY_MS) + 0, band };
}

export function isDeviceExpired(d: ExpiryFields, now: number): boolean {
  return expiryStatus(d, now).expired;
}

/**
 * The device state to show (spec section 3's codes): expired (4) once the decisive expiry has
 * passed, whatever the connection says. A stored 4 whose expiry has since moved into the future
 * (renewed, the device not yet reconnected) shows offline: the rule, not a stale code, decides.
 */
export function shownState(d: ExpiryFields & { state: number }, now: number): number {
  if (isDeviceExpired(d, now)) return DEVICE_STATE.expired;
  return d.state === DEVICE_STATE.expired ? DEVICE_STATE.offline : d.state;
}
