import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { makeDevicePassword } from '../../src/domain/device-password';

/** argon2id with the library's defaults (19 MiB, 2 passes): about 20-40 ms per check here. */
export const hashPassword = (plain: string) => hash(plain);

// A real hash to verify against when the user does not exist, so that both paths cost the same.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  if (hashed.startsWith(GENERATED)) return verifyGenerated(hashed, plain);
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

// No 0/O, 1/l/I: the one-time password is read off a screen and typed.
const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A one-time password of a reset: 12 characters, about 70 bits. */
export const randomPassword = () =>
  Array.from({ length: 12 }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');

/**
 * Passwords we draw ourselves for devices (import, reset) carry about 50 random bits, so a
 * salted SHA-256 guards them as well as argon2 guards a person's choice, and importing 10,000
 * devices costs milliseconds instead of minutes. A password a person chose gets argon2.
 */
const GENERATED = 's256$';

export function newDeviceSecret(): { password: string; hash: string } {
  const password = makeDevicePassword(randomInt);
  const salt = randomBytes(16).toString('hex');
  return { password, hash: `${GENERATED}${salt}$${digest(salt, password)}` };
}

const digest = (salt: string, plain: string) => createHash('sha256').update(`${salt}:${plain}`).digest('hex');

function verifyGenerated(hashed: string, plain: string): boolean {
  const [salt = '', want = ''] = hashed.slice(GENERATED.length).split('$');
  const got = Buffer.from(digest(salt, plain), 'hex');
  const expected = Buffer.from(want, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}
