import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, webhookEndpoints } from '../db/schema/notifications';
import { badField, badRequest, notFound } from '../lib/errors';
import type { AuthContext } from '../plugins/auth';
import type { NotifyDispatcher } from './dispatcher';
import { testPayload } from './plan';
import { newSecret } from './signature';

/**
 * An account's own webhook endpoints (docs/api/notify.md). Each account manages only its own:
 * an ancestor's endpoint already receives the alarms of this account's subtree. The secret is
 * answered once, when it is made or set; lists never show it.
 */
export const WEBHOOKS_PER_ACCOUNT = 10;

export interface EndpointView {
  id: number;
  url: string;
  enabled: boolean;
  createdAt: Date;
}

const view = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
};

/** The schema only lets http(s) URLs of printable characters in; this checks they parse and name a host. */
function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badField('fieldFormat', 'url');
  }
  if (!/^https?:$/.test(parsed.protocol) || !parsed.hostname) throw badField('fieldFormat', 'url');
  return url;
}

/** URLs are unique per account: the dispatcher finds a notice's endpoint (and secret) by them. */
async function refuseTaken(db: Db, userId: number, url: string, exceptId = 0) {
  const [taken] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        eq(webhookEndpoints.url, url),
        ne(webhookEndpoints.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw badRequest('webhookUrlTaken');
}

async function ownEndpoint(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, auth.user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(db: Db, auth: AuthContext): Promise<EndpointView[]> {
  // A device login acts for one device, not for its owner's integrations.
  if (auth.deviceId != null) return [];
  return db
    .select(view)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, auth.user.id))
    .orderBy(asc(webhookEndpoints.id));
}

export async function addEndpoint(
  db: Db,
  auth: AuthContext,
  input: { url: string; secret?: string; enabled?: boolean },
): Promise<EndpointView & { secret: string }> {
  const url = checkUrl(input.url);
  const userId = auth.user.id;
  const [{ n }] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  if (Number(n) >= WEBHOOKS_PER_ACCOUNT) throw badRequest('webhookLimit');
  await refuseTaken(db, userId, url);
  const secret = input.secret || newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url, secret, enabled: input.enabled ?? true })
    .returning(view);
  return { ...row, secret };
}

/** Changes the URL, the secret or the switch; answers the secret only when it was set. */
export async function updateEndpoint(
  db: Db,
  auth: AuthContext,
  input: { id: number; url?: string; secret?: string; enabled?: boolean },
): Promise<EndpointView> {
  const row = await ownEndpoint(db, auth, input.id);
  const set: Partial<typeof webhookEndpoints.$inferInsert> = {};
  if (input.url !== undefined && input.url !== row.url) {
    set.url = checkUrl(input.url);
    await refuseTaken(db, row.userId, set.url, row.id);
  }
  if (input.secret) set.secret = input.secret;
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (!Object.keys(set).length)
    return { id: row.id, url: row.url, enabled: row.enabled, createdAt: row.createdAt };
  const [updated] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(eq(webhookEndpoints.id, row.id))
    .returning(view);
  return updated;
}

/** Deletes the endpoint; its pending notices fail at their next attempt ("endpoint removed"). */
export async function deleteEndpoint(db: Db, auth: AuthContext, id: number): Promise<void> {
  const row = await ownEndpoint(db, auth, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

/**
 * Queues a test event to the endpoint and wakes the worker: the answer does not wait for the
 * receiver (it may take its 5 s); the notification log shows how it went.
 */
export async function testEndpoint(
  db: Db,
  auth: AuthContext,
  id: number,
  dispatcher: NotifyDispatcher,
): Promise<{ notificationId: number }> {
  const row = await ownEndpoint(db, auth, id);
  const [n] = await db
    .insert(notifications)
    .values({
      alarmId: null,
      userId: row.userId,
      channel: 'webhook',
      target: row.url,
      body: JSON.stringify(testPayload(new Date())),
      status: 'pending',
      nextAttemptAt: new Date(),
    })
    .returning({ id: notifications.id });
  dispatcher.wake();
  return { notificationId: n.id };
}
