import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_VISIBLE } from '../../../src/domain/api-keys';

/**
 * The secret of an API key: `fgk_` and 32 random bytes in base64url (43 characters, 256 bits),
 * so a key cannot be guessed and a plain sha256 is a safe way to store it (no salt or slow hash
 * is needed against a secret of that entropy). Only the hash and the visible start are kept.
 */
export const KEY_BYTES = 32;
/** `fgk_` + 43 base64url characters. */
export const KEY_PATTERN = /^fgk_[A-Za-z0-9_-]{43}$/;

export interface NewKey {
  secret: string;
  hash: string;
  prefix: string;
}

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The start of a key shown in lists ("fgk_AbCdEfGh"). */
export const visiblePrefix = (secret: string) => secret.slice(0, API_KEY_VISIBLE);

export function newApiKey(random: (n: number) => Buffer = randomBytes): NewKey {
  const secret = API_KEY_PREFIX + random(KEY_BYTES).toString('base64url');
  return { secret, hash: hashApiKey(secret), prefix: visiblePrefix(secret) };
}

/** Whether a credential has the shape of a key (cheap check before any lookup). */
export const wellFormedKey = (token: string) => KEY_PATTERN.test(token);
