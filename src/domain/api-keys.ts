/**
 * The public API's keys and webhook events (issue 16, docs/api/public-api.md), shared by the
 * server and the apiKey screen. Limits live in ./limits.ts.
 */

/** Every key starts with this, so the server tells a key from a session token at a glance. */
export const API_KEY_PREFIX = 'fgk_';
/** Characters of a key kept in clear (prefix included) so owners can tell their keys apart. */
export const API_KEY_VISIBLE = 12;

/** 'read' reaches the GET operations of /api/v1; 'write' also sends commands and manages webhooks. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a webhook endpoint receives: alarms (durable, retried) and positions (batched, best effort). */
export const WEBHOOK_EVENTS = ['alarm', 'position'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `events` column text ('alarm,position') to a clean list; unknown names are dropped. */
export function parseEvents(text: string | null | undefined): WebhookEvent[] {
  const given = new Set((text ?? '').split(',').map((s) => s.trim()));
  return WEBHOOK_EVENTS.filter((e) => given.has(e));
}

/** A list of events to the column text, in a fixed order, without repeats. */
export function formatEvents(events: readonly string[]): string {
  return WEBHOOK_EVENTS.filter((e) => events.includes(e)).join(',');
}

/** Whether a credential is an API key (rather than a session token). */
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);
