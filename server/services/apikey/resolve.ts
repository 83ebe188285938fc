import { eq } from 'drizzle-orm';
import type { ApiKeyScope } from '../../../src/domain/api-keys';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users, type UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { ReadCache } from '../../lib/read-cache';
import { hashApiKey, wellFormedKey } from './key-format';
import { keyStatus } from './keys';

/** What a request authenticated by an API key carries besides its owner's context. */
export interface KeyAuth {
  id: number;
  scope: ApiKeyScope;
  /** Its own rate per minute; null: the platform default (API_RATE_PER_MINUTE). */
  ratePerMinute: number | null;
}

type Found =
  { key: KeyAuth; user: UserRow } | 'apiKeyInvalid' | 'apiKeyRevoked' | 'apiKeyExpired' | 'userExpired';

async function loadKey(db: Db, hash: string): Promise<Found> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hash))
    .limit(1);
  if (!row) return 'apiKeyInvalid';
  const status = keyStatus(row.key);
  if (status === 'revoked') return 'apiKeyRevoked';
  if (status === 'expired') return 'apiKeyExpired';
  // The owner's account expiry ends its keys as it ends its logins.
  if (row.user.expireAt && row.user.expireAt.getTime() <= Date.now()) return 'userExpired';
  const k = row.key;
  return {
    key: { id: k.id, scope: k.scope === 'write' ? 'write' : 'read', ratePerMinute: k.ratePerMinute },
    user: row.user,
  };
}

// Shared briefly like sessions (server/lib/read-cache.ts); any write through the node clears it,
// so a revoke or refresh takes effect at once here (and within READ_CACHE_MS on other nodes).
const cache = new ReadCache<Found>();

/**
 * The key and its owner of a secret, or a 401 naming why not (unknown, revoked, expired).
 * The owner's last use is recorded at most once a minute per key, not once per request.
 */
export async function findApiKey(
  db: Db,
  secret: string,
): Promise<{ key: KeyAuth; user: UserRow; hash: string }> {
  if (!wellFormedKey(secret)) throw new AppError(401, 'apiKeyInvalid');
  const hash = hashApiKey(secret);
  const found = await cache.get(hash, () => loadKey(db, hash));
  if (typeof found === 'string') throw new AppError(401, found);
  touch(db, found.key.id);
  return { ...found, hash };
}

/** How often last_used_at is written per key. */
export const LAST_USED_EVERY_MS = 60_000;
const lastWritten = new Map<number, number>();

/** Fire-and-forget: a failed write costs a less precise "last used", never the request. */
export function touch(db: Db, keyId: number, now = Date.now()) {
  if (now - (lastWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
  if (lastWritten.size > 10_000) lastWritten.clear();
  lastWritten.set(keyId, now);
  void db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiKeys.id, keyId))
    .catch(() => lastWritten.delete(keyId));
}
