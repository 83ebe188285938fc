import type { MessageKey } from './messages';
import { IMEI_808_LENGTH, IMEI_MAX_LENGTH, IMEI_MIN_LENGTH, TIME_ZONE_MAX, TIME_ZONE_MIN } from './constants';
import {
  EXPIRE_TYPES,
  ICCID_MAX_LENGTH,
  ICCID_MIN_LENGTH,
  ICON_TYPE_MAX,
  ICON_TYPE_MIN,
} from './device-rules';
import { isPlate } from './plate';

/**
 * Validators shared by the forms and the server (spec section 5). Each returns null when the
 * value is valid, else the key of its message in MESSAGES.
 */
export type Validator<T = string> = (value: T) => MessageKey | null;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,32}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const SIM_PATTERN = /^(?:[A-Za-z0-9]{11}|[A-Za-z0-9]{13})$/;
/** Mobile, 400/800 service numbers and landlines with an optional area code. */
export const TELEPHONE_PATTERN =
  /^(?:1[3-9]\d{9}|[48]00-?\d{3}-?\d{4}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|\d{7,8})$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The plate pattern lives with the plate helpers; re-exported for existing imports. */
export { PLATE_PATTERN } from './plate';

export const validateUsername: Validator = (v) => (USERNAME_PATTERN.test(v ?? '') ? null : 'usernameInvalid');

export const validatePassword: Validator = (v) =>
  typeof v === 'string' && v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX ? null : 'passwordTooShort';

/** New password and its repetition: both required, and they must match. */
export function validatePasswordPair(password: string, repeat: string): MessageKey | null {
  if (!password || !repeat) return 'passwordRequired';
  if (password !== repeat) return 'passwordMismatch';
  return validatePassword(password);
}

/** Optional fields: an empty value is valid; a filled one must match. */
const optional =
  (pattern: RegExp, key: MessageKey): Validator =>
  (v) =>
    !v || pattern.test(v) ? null : key;

export const validateSim = optional(SIM_PATTERN, 'simInvalid');
export const validateTelephone = optional(TELEPHONE_PATTERN, 'telephoneInvalid');
export const validateEmail = optional(EMAIL_PATTERN, 'emailInvalid');
/** Empty is valid (no plate); otherwise the Chinese plate pattern after trimming and upper-casing. */
export const validatePlate: Validator = (v) => (!v || isPlate(v) ? null : 'plateInvalid');

/** IMEI list entry: one per line, trimmed, blank lines ignored (spec section 5). */
export function parseLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

export function isValidImei(imei: string, is808: boolean): boolean {
  if (is808) return new RegExp(`^\\d{${IMEI_808_LENGTH}}$`).test(imei);
  return imei.length >= IMEI_MIN_LENGTH && imei.length <= IMEI_MAX_LENGTH && /^[0-9A-Za-z]+$/.test(imei);
}

const ICCID_CHARS = /^[0-9A-Za-z]+$/;

/**
 * An ICCID: letters and digits only; exactly `length` characters when a length is given (the
 * ICCID import), else 19 or 20. Empty is valid (clears the field).
 */
export function validateIccid(v: string, length?: number): MessageKey | null {
  if (!v) return length ? 'iccidInvalid' : null;
  if (!ICCID_CHARS.test(v)) return 'iccidInvalid';
  if (length) return v.length === length ? null : 'iccidInvalid';
  return v.length >= ICCID_MIN_LENGTH && v.length <= ICCID_MAX_LENGTH ? null : 'iccidInvalid';
}

const inRange = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Time zone: whole hours from west 12 to east 12, zero included (spec section 9). */
export const validateTimezone: Validator<number> = (n) =>
  inRange(n, TIME_ZONE_MIN, TIME_ZONE_MAX) ? null : 'timezoneInvalid';

/** Rotating car icon types 1 to 16 (spec section 9). */
export const validateIconType: Validator<number> = (n) =>
  inRange(n, ICON_TYPE_MIN, ICON_TYPE_MAX) ? null : 'iconTypeInvalid';

export const validateExpireType: Validator<number> = (n) =>
  EXPIRE_TYPES.includes(n) ? null : 'expireTypeInvalid';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST_PATTERN = new RegExp(`^(?:${LABEL})(?:\\.${LABEL})*(?::(\\d{1,5}))?$`);
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?$/;

/** The server a device reports to: a domain name or IPv4 address, optionally `:port` (1–65535). */
export const validateHost: Validator = (v) => {
  if (!v || v.length > 128) return 'hostInvalid';
  const m = HOST_PATTERN.exec(v);
  if (!m) return 'hostInvalid';
  if (m[1] !== undefined && (Number(m[1]) < 1 || Number(m[1]) > 65535)) return 'hostInvalid';
  const ip = IPV4.exec(v);
  if (ip && ip.slice(1, 5).some((o) => Number(o) > 255)) return 'hostInvalid';
  // All-numeric labels that are not a dotted quad (e.g. "1.2.3") are not a usable host.
  if (!ip && /^[\d.]+(?::\d+)?$/.test(v)) return 'hostInvalid';
  return null;
};

/** A date as the forms and the API send it: an ISO 8601 string that parses. */
export const parseDate = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * The expiry pair of deviceUpdateTime: at least one date, each a real date, and the user expiry
 * not later than the platform expiry. `platform`/`user` are the values that will hold after the
 * change (a side not being changed is the device's stored value, or null when it has none).
 */
export function validateExpiryPair(platform: Date | null, user: Date | null): MessageKey | null {
  if (platform && user && user.getTime() > platform.getTime()) return 'userExpiryAfterPlatform';
  return null;
}

/** The request-level check of deviceUpdateTime's two optional date strings. */
export function validateExpiryRequest(platform?: string | null, user?: string | null): MessageKey | null {
  if (!platform && !user) return 'expiryRequired';
  if ((platform && !parseDate(platform)) || (user && !parseDate(user))) return 'dateInvalid';
  return validateExpiryPair(parseDate(platform), parseDate(user));
}
