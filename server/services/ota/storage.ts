import { createHash, randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Storage keys are names we generate: never a client's file name, so no path can be smuggled in. */
const KEY = /^[0-9a-f]{32}\.bin$/;

export function firmwarePath(dir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`bad firmware storage key ${key}`);
  return path.join(dir, key);
}

export function checksums(bytes: Uint8Array) {
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    md5: createHash('md5').update(bytes).digest('hex'),
  };
}

/** Writes the image under a new generated name; answers that name (the storage key). */
export async function storeFirmware(dir: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dir, { recursive: true });
  const key = `${randomBytes(16).toString('hex')}.bin`;
  // wx: a (vanishingly unlikely) name clash fails instead of overwriting another image.
  await writeFile(firmwarePath(dir, key), bytes, { flag: 'wx' });
  return key;
}

export async function removeFirmware(dir: string, key: string) {
  await unlink(firmwarePath(dir, key)).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

/** A display name for the download URL: the client's base name, reduced to safe characters. */
export function displayName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '').slice(0, 100);
  return safe || fallback.replace(/[^\w.-]+/g, '_');
}
