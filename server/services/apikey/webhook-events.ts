import { and, asc, eq } from 'drizzle-orm';
import { formatEvents, parseEvents, type WebhookEvent } from '../../../src/domain/api-keys';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema/notifications';
import { badField, notFound } from '../../lib/errors';
import { addEndpoint } from '../../notify/endpoints';
import type { AuthContext } from '../../plugins/auth';

/**
 * Which events an account's webhook endpoints receive (alarm, position). The endpoints
 * themselves (URL, secret, switch, the alarm outbox) are server/notify's; this only reads and
 * sets their `events`, and tells every node's position webhooks to reload their routes.
 */

/** Bus subject: webhook endpoints changed, position webhook routes must be reloaded. */
export const WEBHOOKS_CHANGED = 'webhooks.changed';

export interface WebhookView {
  id: number;
  url: string;
  enabled: boolean;
  events: WebhookEvent[];
  createdAt: Date;
}

const cols = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  enabled: webhookEndpoints.enabled,
  events: webhookEndpoints.events,
  createdAt: webhookEndpoints.createdAt,
};

const view = (r: {
  id: number;
  url: string;
  enabled: boolean;
  events: string;
  createdAt: Date;
}): WebhookView => ({
  ...r,
  events: parseEvents(r.events),
});

export async function listWebhooks(db: Db, auth: AuthContext): Promise<WebhookView[]> {
  if (auth.deviceId != null) return [];
  const rows = await db
    .select(cols)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, auth.user.id))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(view);
}

function eventsText(events: readonly string[]): string {
  const text = formatEvents(events);
  if (!text) throw badField('fieldRequired', 'events');
  return text;
}

export async function setWebhookEvents(
  db: Db,
  bus: EventBus,
  auth: AuthContext,
  id: number,
  events: readonly string[],
): Promise<WebhookView> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ events: eventsText(events) })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, auth.user.id)))
    .returning(cols);
  if (!row) throw notFound();
  bus.publish(WEBHOOKS_CHANGED, { id });
  return view(row);
}

/** Adds an endpoint through server/notify and sets its events: the secret is answered this once. */
export async function addWebhook(
  db: Db,
  bus: EventBus,
  auth: AuthContext,
  input: { url: string; secret?: string; events?: readonly string[] },
): Promise<WebhookView & { secret: string }> {
  const events = eventsText(input.events ?? ['alarm']);
  const added = await addEndpoint(db, auth, { url: input.url, secret: input.secret });
  await db.update(webhookEndpoints).set({ events }).where(eq(webhookEndpoints.id, added.id));
  bus.publish(WEBHOOKS_CHANGED, { id: added.id });
  return { ...added, events: parseEvents(events) };
}
