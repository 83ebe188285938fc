import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

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
