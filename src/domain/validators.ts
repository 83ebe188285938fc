import type { MessageKey } from './messages';
import { IMEI_808_LENGTH, IMEI_MAX_LENGTH, IMEI_MIN_LENGTH } from './constants';

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
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
/** Province character, letter, then four letters/digits and a final that may be special; or a new-energy plate. */
export const PLATE_PATTERN = new RegExp(
  `^[${PROVINCES}][A-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]{5}|[A-HJ-NP-Z0-9]{5}[DF])$`,
);

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
export const validatePlate = optional(PLATE_PATTERN, 'plateInvalid');

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
