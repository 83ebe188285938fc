import { PERMISSIONS as P } from '../../../config/roles';
import { API_KEY_SCOPES, WEBHOOK_EVENTS } from '../../domain/api-keys';
import { API_KEY_RATE_MAX, NAME_MAX } from '../../domain/limits';
import type { DrawnList, EntityAction, EntityDescriptor, ListView } from '../types';

/**
 * API keys (docs/api/public-api.md): the caller's keys with create, rename, refresh and revoke;
 * create and refresh show the secret once, with a copy button, in the action's dialog. Below,
 * the caller's webhook endpoints and which events (alarm, position) each receives. Every
 * account that sees the monitor may have keys; the server refuses the demo and device logins.
 * The lists of the apiKey screen (src/resources/system.ts), loaded with its page.
 */
const keyed = (prefix: string, values: readonly string[], colors: Record<string, string> = {}) =>
  values.map((value) => ({ value, labelKey: `${prefix}.${value}`, color: colors[value] }));

export const API_KEY_ENTITY: EntityDescriptor = {
  namespace: 'api',
  subject: 'device',
  fields: {
    id: { type: 'number' },
    name: { type: 'text', required: true, maxLength: NAME_MAX },
    prefix: { type: 'text' },
    scope: {
      type: 'select',
      options: keyed('scopes', API_KEY_SCOPES, { read: 'blue', write: 'orange' }),
      initialValue: 'read',
      helpKey: 'help.scope',
    },
    status: {
      type: 'select',
      options: keyed('statuses', ['active', 'expired', 'revoked'], {
        active: 'green',
        expired: 'default',
        revoked: 'red',
      }),
    },
    ratePerMinute: { type: 'number', min: 1, max: API_KEY_RATE_MAX, helpKey: 'help.rate' },
    lastUsedAt: { type: 'datetime' },
    expiresAt: { type: 'datetime', helpKey: 'help.expires' },
    createdAt: { type: 'datetime' },
    url: { type: 'text' },
    enabled: { type: 'boolean' },
    events: { type: 'select', multiple: true, required: true, options: keyed('events', WEBHOOK_EVENTS) },
  },
};

const MINE = [P.monitor] as const;
const secretOf = (data: unknown) => String((data as { secret?: string }).secret ?? '');
const active = (row: Record<string, unknown>) => row.status === 'active';

const row = (name: string, endpoint: string, extra: Partial<EntityAction> = {}): EntityAction => ({
  name,
  labelKey: `actions.${name}`,
  endpoint,
  permissions: MINE,
  idParam: { param: 'id', from: 'id' },
  ...extra,
});

export const API_KEYS_VIEW: ListView = {
  kind: 'list',
  endpoint: '/apikey/list',
  rowKey: 'id',
  columns: ['name', 'prefix', 'scope', 'status', 'ratePerMinute', 'lastUsedAt', 'expiresAt', 'createdAt'],
  paged: false,
  toolbarActions: [
    {
      name: 'create',
      labelKey: 'actions.create',
      endpoint: '/apikey/add',
      permissions: MINE,
      fields: ['name', 'scope', 'expiresAt', 'ratePerMinute'],
      answer: secretOf,
      confirmKey: 'shownOnce',
    },
  ],
  rowActions: [
    row('rename', '/apikey/update', { fields: ['name'], prefill: true }),
    row('refresh', '/refreshApiKey', { answer: secretOf, confirmKey: 'refreshConfirm', when: active }),
    row('revoke', '/apikey/revoke', { danger: true, confirmKey: 'revokeConfirm', when: active }),
    row('delete', '/apikey/delete', { danger: true }),
  ],
};

export const API_WEBHOOKS_VIEW: ListView = {
  kind: 'list',
  endpoint: '/apikey/webhook/list',
  rowKey: 'id',
  columns: ['url', 'enabled', 'events', 'createdAt'],
  paged: false,
  rowActions: [
    row('events', '/apikey/webhook/events', { fields: ['events'], prefill: true, permissions: [P.alarms] }),
  ],
};

/** The two lists of the screen; their titles are menu labels like every list's. */
export const API_KEY_LISTS: readonly DrawnList[] = [
  { name: 'apiKeys', labelKey: 'apiKey', entity: API_KEY_ENTITY, view: API_KEYS_VIEW },
  { name: 'apiWebhooks', labelKey: 'alarmNotifyWebhooks', entity: API_KEY_ENTITY, view: API_WEBHOOKS_VIEW },
];
