import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { sessions } from '../db/schema/sessions';
import { users, type UserRow } from '../db/schema/users';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  input: { userId: number; deviceId?: number | null; ip: string; userAgent: string; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    deviceId: input.deviceId ?? null,
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 500),
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
  });
  return token;
}

export interface SessionLookup {
  user: UserRow;
  deviceId: number | null;
  tokenHash: string;
  /** A device login whose password the platform drew: it must choose its own first. */
  deviceMustChangePassword: boolean;
}

/** The live session of a token, or null when unknown or expired. */
export async function findSession(db: Db, token: string): Promise<SessionLookup | null> {
  const tokenHash = hashToken(token);
  const rows = await db
    .select({ user: users, deviceId: sessions.deviceId, mustChange: devices.passwordMustChange })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  return row
    ? { user: row.user, deviceId: row.deviceId, tokenHash, deviceMustChangePassword: row.mustChange === true }
    : null;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends the password logins of a user (after a password change or reset), all but `keep` (the
 * session that made the change), and gives their token hashes for the read cache to forget.
 * Device logins (loginByCert) rest on the device's password, not the account's, and stay.
 */
export async function deleteUserSessions(db: Db, userId: number, keep?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.deviceId),
        keep ? ne(sessions.tokenHash, keep) : undefined,
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Ends every session opened with these devices' passwords (/loginByCert), after a change. */
export async function deleteDeviceSessions(db: Db, deviceIds: number[], keep?: string): Promise<void> {
  if (!deviceIds.length) return;
  await db
    .delete(sessions)
    .where(and(inArray(sessions.deviceId, deviceIds), keep ? ne(sessions.tokenHash, keep) : undefined));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
