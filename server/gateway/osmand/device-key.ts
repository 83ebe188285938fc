import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OSMAND_KEY_PARAM } from '../../../src/domain/osmand-key';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';

/** How a key is stored: SHA-256 hex. The keys are long random tokens, not passwords to stretch. */
export const hashOsmAndKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Stands in for a device without a key, so every request hashes and compares once. */
const NO_KEY_HASH = hashOsmAndKey('');

/**
 * Whether a request's key opens the device: always when the device has none, else when its
 * hash equals the stored one (compared in constant time).
 */
export function keyOpens(storedHash: string | null, given: string | undefined): boolean {
  const want = Buffer.from(storedHash ?? NO_KEY_HASH, 'hex');
  const got = Buffer.from(hashOsmAndKey(given ?? ''), 'hex');
  const same = want.length === got.length && timingSafeEqual(want, got);
  return storedHash == null || same;
}

/** The key a request names in its URL (the form and JSON bodies carry none). */
export function keyOfUrl(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get(OSMAND_KEY_PARAM) ?? undefined;
}

/** The URL as the frame log keeps it: the key's value never stored. */
export const withoutKey = (text: string): string =>
  text.replace(new RegExp(`([?&]|^)${OSMAND_KEY_PARAM}=[^&\\s]*`, 'g'), `$1${OSMAND_KEY_PARAM}=***`);

/** The stored key hash of a device (null: none, or no such device). */
export async function keyHashOf(db: Db, terminalId: string): Promise<string | null> {
  const [r] = await db
    .select({ h: devices.osmandKeyHash })
    .from(devices)
    .where(eq(devices.terminalId, terminalId))
    .limit(1);
  return r?.h ?? null;
}
