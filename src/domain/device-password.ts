import type { MessageKey } from './messages';
import { validatePassword } from './validators';

/**
 * Device passwords (the /loginByCert login). None is shared: each device gets its own random one
 * at import and at each reset, shown once to whoever made it, and the first login with it must
 * choose another (issue 30: every imported device once took "123456").
 */
export const DEVICE_PASSWORD_LENGTH = 10;
/** No 0/O, 1/I/L: read off a sheet or a label and typed on a phone without guessing. */
export const DEVICE_PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new random device password; `randomIndex(n)` answers a uniform integer in [0, n). */
export function makeDevicePassword(randomIndex: (n: number) => number): string {
  let out = '';
  for (let i = 0; i < DEVICE_PASSWORD_LENGTH; i++)
    out += DEVICE_PASSWORD_ALPHABET[randomIndex(DEVICE_PASSWORD_ALPHABET.length)];
  return out;
}

/** Passwords anyone would try first; a device may not be given one of them. */
const COMMON = new Set(['123456', '1234567', '12345678', '123456789', '000000', '888888', '666666', '111111', 'password', 'admin123', 'qwerty']);

/** Why a password someone chose for a device is refused, or null. */
export function devicePasswordProblem(password: string, terminalId: string): MessageKey | null {
  const length = validatePassword(password);
  if (length) return length;
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || new Set(lower).size < 3 || lower.includes(terminalId.toLowerCase()))
    return 'passwordTooWeak';
  return null;
}
