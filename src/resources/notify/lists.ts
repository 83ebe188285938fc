import { PERMISSIONS as P } from '../../../config/roles';
import { ALARM_TYPES } from '../../domain/alarm-types';
import type { DrawnList, EntityAction, EntityDescriptor, ListView } from '../types';

/**
 * Alarm notifications (docs/api/notify.md): the caller's webhook endpoints with add, test,
 * secret, switch and delete, and the log of the SMS, calls and webhook posts made for alarms of
 * its subtree. One screen of two descriptor lists (src/pages/notify/NotifyPage.tsx), loaded with
 * it (the screen's entry: src/resources/notify.ts).
 */
const WEBHOOK_URL_MAX = 512;
const SECRET_MAX = 128;

const keyed = (prefix: string, values: readonly string[], colors: Record<string, string> = {}) =>
  values.map((value) => ({ value, labelKey: `${prefix}.${value}`, color: colors[value] }));

export const NOTIFY_ENTITY: EntityDescriptor = {
  namespace: 'notify',
  subject: 'alarm',
  fields: {
    id: { type: 'number' },
    url: { type: 'text', required: true, maxLength: WEBHOOK_URL_MAX, helpKey: 'help.url' },
    secret: { type: 'text', required: true, maxLength: SECRET_MAX, helpKey: 'help.secret' },
    // The switch action's form sends the state shown: off unless turned on.
    enabled: { type: 'boolean', initialValue: false },
    createdAt: { type: 'datetime' },
    username: { type: 'text' },
    channel: { type: 'select', options: keyed('channels', ['sms', 'phone', 'webhook']) },
    target: { type: 'text' },
    status: {
      type: 'select',
      options: keyed('statuses', ['pending', 'sent', 'failed'], {
        pending: 'blue',
        sent: 'green',
        failed: 'red',
      }),
    },
    attempts: { type: 'number' },
    lastError: { type: 'text' },
    sentAt: { type: 'datetime' },
    alarmType: {
      type: 'select',
      options: ALARM_TYPES.map((value) => ({ value, labelKey: `count:alarmTypes.${value}` })),
    },
    alarmTime: { type: 'datetime' },
    terminalID: { type: 'text' },
  },
};

const row = (name: string, endpoint: string, fields: string[] = [], danger = false): EntityAction => ({
  name,
  labelKey: `actions.${name}`,
  endpoint,
  permissions: [P.alarms],
  fields,
  idParam: { param: 'id', from: 'id' },
  danger,
});

export const WEBHOOKS_VIEW: ListView = {
  kind: 'list',
  endpoint: '/notify/webhook/list',
  rowKey: 'id',
  columns: ['url', 'enabled', 'createdAt'],
  paged: false,
  toolbarActions: [
    {
      name: 'add',
      labelKey: 'actions.add',
      endpoint: '/notify/webhook/add',
      permissions: [P.alarms],
      fields: ['url', 'secret'],
    },
  ],
  rowActions: [
    row('test', '/notify/webhook/test'),
    row('setSecret', '/notify/webhook/update', ['secret']),
    row('switch', '/notify/webhook/update', ['enabled']),
    row('delete', '/notify/webhook/delete', [], true),
  ],
};

export const LOG_VIEW: ListView = {
  kind: 'list',
  endpoint: '/notify/log',
  rowKey: 'id',
  columns: [
    'createdAt',
    'username',
    'channel',
    'target',
    'status',
    'attempts',
    'lastError',
    'sentAt',
    'alarmType',
    'terminalID',
    'alarmTime',
  ],
  filters: ['channel', 'status'],
};

/** The two lists of the screen; their titles are menu labels like every list's. */
export const NOTIFY_LISTS: readonly DrawnList[] = [
  {
    name: 'alarmNotifyWebhooks',
    labelKey: 'alarmNotifyWebhooks',
    entity: NOTIFY_ENTITY,
    view: WEBHOOKS_VIEW,
  },
  { name: 'alarmNotifyLog', labelKey: 'alarmNotifyLog', entity: NOTIFY_ENTITY, view: LOG_VIEW },
];
