import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { PERMISSIONS as P } from '../../../config/roles';
import { hasAnyPermission } from '../../../src/domain/ability';
import type { ApiKeyScope } from '../../../src/domain/api-keys';
import { API_KEYS_PER_ACCOUNT } from '../../../src/domain/limits';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api-keys';
import { AppError, badField, demoForbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { newApiKey } from './key-format';

/**
 * An account's own API keys (docs/api/public-api.md): listed without their secrets, made,
 * renamed, refreshed (a new secret; the old one stops at once) and revoked. The secret is
 * answered once, by create and refresh; only its sha256 is stored.
 */

export type KeyStatus = 'active' | 'expired' | 'revoked';

export interface KeyView {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  ratePerMinute: number | null;
  status: KeyStatus;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  refreshedAt: Date | null;
  createdAt: Date;
}

export function keyStatus(row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now = Date.now()): KeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

export function keyView(row: ApiKeyRow, now = Date.now()): KeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope === 'write' ? 'write' : 'read',
    ratePerMinute: row.ratePerMinute,
    status: keyStatus(row, now),
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    refreshedAt: row.refreshedAt,
    createdAt: row.createdAt,
  };
}

/** Whether the account may make keys that write (send commands, manage webhooks). */
export const mayWrite = (auth: AuthContext) => hasAnyPermission(auth.ability, [P.command, P.alarms]);

/** Keys act as their owner: the demo account and device logins cannot have any. */
function refuseAccount(auth: AuthContext) {
  // The demo meets the one demo refusal every write answers it.
  if (auth.demo) throw demoForbidden();
  if (auth.deviceId != null) throw new AppError(403, 'apiKeyNotForAccount');
}

export async function listKeys(db: Db, auth: AuthContext): Promise<KeyView[]> {
  if (auth.deviceId != null) return [];
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, auth.user.id))
    .orderBy(asc(apiKeys.id));
  return rows.map((r) => keyView(r));
}

export interface KeyInput {
  name: string;
  scope?: ApiKeyScope;
  expiresAt?: string;
  ratePerMinute?: number;
}

function expiryOf(text: string | undefined, now = Date.now()): Date | null {
  if (!text) return null;
  const at = new Date(text);
  if (!(at.getTime() > now)) throw badField('fieldFormat', 'expiresAt');
  return at;
}

export async function createKey(
  db: Db,
  auth: AuthContext,
  input: KeyInput,
): Promise<KeyView & { secret: string }> {
  refuseAccount(auth);
  const scope = input.scope ?? 'read';
  if (scope === 'write' && !mayWrite(auth)) throw new AppError(403, 'apiKeyWriteNotAllowed');
  const expiresAt = expiryOf(input.expiresAt);
  const [{ n }] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, auth.user.id), isNull(apiKeys.revokedAt)));
  if (Number(n) >= API_KEYS_PER_ACCOUNT)
    throw new AppError(400, 'apiKeyLimit', undefined, 400, null, { limit: API_KEYS_PER_ACCOUNT });
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: auth.user.id,
      name: input.name.trim() || 'API key',
      prefix: key.prefix,
      keyHash: key.hash,
      scope,
      ratePerMinute: input.ratePerMinute ?? null,
      expiresAt,
    })
    .returning();
  return { ...keyView(row), secret: key.secret };
}

async function ownKey(db: Db, auth: AuthContext, id: number): Promise<ApiKeyRow> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, auth.user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Renames a key, or changes its rate (null: back to the platform default). */
export async function updateKey(
  db: Db,
  auth: AuthContext,
  input: { id: number; name?: string; ratePerMinute?: number | null },
): Promise<KeyView> {
  refuseAccount(auth);
  const row = await ownKey(db, auth, input.id);
  const set: Partial<typeof apiKeys.$inferInsert> = {};
  if (input.name !== undefined && input.name.trim()) set.name = input.name.trim();
  if (input.ratePerMinute !== undefined) set.ratePerMinute = input.ratePerMinute;
  if (!Object.keys(set).length) return keyView(row);
  const [updated] = await db.update(apiKeys).set(set).where(eq(apiKeys.id, row.id)).returning();
  return keyView(updated);
}

/** refreshApiKey (spec section 7): a new secret for the key; the old one is refused from now on. */
export async function refreshKey(
  db: Db,
  auth: AuthContext,
  id: number,
): Promise<KeyView & { secret: string }> {
  refuseAccount(auth);
  const row = await ownKey(db, auth, id);
  if (row.revokedAt) throw new AppError(400, 'apiKeyRevoked');
  const key = newApiKey();
  const [updated] = await db
    .update(apiKeys)
    .set({ keyHash: key.hash, prefix: key.prefix, refreshedAt: new Date() })
    .where(eq(apiKeys.id, row.id))
    .returning();
  return { ...keyView(updated), secret: key.secret };
}

/** Revokes a key for good; the row stays (and is listed) so its owner sees what it was. */
export async function revokeKey(db: Db, auth: AuthContext, id: number): Promise<KeyView> {
  refuseAccount(auth);
  const row = await ownKey(db, auth, id);
  if (row.revokedAt) return keyView(row);
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(eq(apiKeys.id, row.id))
    .returning();
  return keyView(updated);
}

/** Deletes a key: it stops working at once, as by a revoke, and leaves the list. */
export async function deleteKey(db: Db, auth: AuthContext, id: number): Promise<void> {
  refuseAccount(auth);
  const row = await ownKey(db, auth, id);
  await db.delete(apiKeys).where(eq(apiKeys.id, row.id));
}
