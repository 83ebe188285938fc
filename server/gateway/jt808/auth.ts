/**
 * JT/T 808 registration and authentication rules (issue 10), pure: the gateway reads the
 * terminal's registration, asks these functions what to answer, and stores what they decide.
 *
 * A terminal registers once (0x0100 → 0x8100 with a code the platform makes up), then
 * authenticates every connection with that code (0x0102 → 0x8001). Until it has, nothing else
 * it sends is accepted: anyone who knows a terminal's phone number could otherwise move that
 * vehicle on every map.
 */
import { randomBytes } from 'node:crypto';

/** 0x8100 result codes (JT/T 808-2013 table 8.4). */
export const JT808_REGISTER_RESULT = {
  ok: 0,
  vehicleRegistered: 1,
  vehicleUnknown: 2,
  terminalRegistered: 3,
  terminalUnknown: 4,
} as const;

/** Refused registrations, authentications and unauthenticated messages before the close. */
export const JT808_MAX_AUTH_FAILURES = 3;

/** Length of the codes we issue: 12 characters of [0-9A-Za-z], about 71 bits. */
export const JT808_AUTH_CODE_LENGTH = 12;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A fresh authentication code (rejection sampling keeps the characters uniform). */
export function newAuthCode(length = JT808_AUTH_CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/** What identifies the physical terminal inside a register message. */
export function terminalKeyOf(reg: { manufacturer?: string; model?: string; terminalId?: string }): string {
  return [reg.manufacturer ?? '', reg.model ?? '', reg.terminalId ?? ''].join('/').slice(0, 96);
}

export interface StoredRegistration {
  authCode: string;
  terminalKey: string;
}

export type RegisterDecision =
  | { result: typeof JT808_REGISTER_RESULT.ok; authCode: string; issue: boolean }
  | {
      result: typeof JT808_REGISTER_RESULT.terminalRegistered | typeof JT808_REGISTER_RESULT.terminalUnknown;
    };

/**
 * The answer to a register message. `known`: the terminal id is a device of an account or of
 * factory stock. A terminal registering again with the same key gets its code again (the
 * reply was lost, or it was reset); a different terminal claiming the number is refused.
 */
export function decideRegister(
  known: boolean,
  stored: StoredRegistration | null,
  terminalKey: string,
  issue: () => string = newAuthCode,
): RegisterDecision {
  if (!known) return { result: JT808_REGISTER_RESULT.terminalUnknown };
  if (!stored) return { result: JT808_REGISTER_RESULT.ok, authCode: issue(), issue: true };
  if (stored.terminalKey === terminalKey)
    return { result: JT808_REGISTER_RESULT.ok, authCode: stored.authCode, issue: false };
  return { result: JT808_REGISTER_RESULT.terminalRegistered };
}

/**
 * Whether an authentication code is accepted. `acceptAny` is the setting for fleets moved from
 * another platform, whose terminals still hold that platform's code; it never admits a
 * terminal the platform does not know.
 */
export function acceptsAuth(
  known: boolean,
  stored: StoredRegistration | null,
  presented: string,
  acceptAny: boolean,
): boolean {
  if (!known) return false;
  if (acceptAny) return true;
  return !!stored && presented.length > 0 && presented === stored.authCode;
}
