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
