import { EXPIRE_TYPE } from '../../domain/device-rules';
import { COMMAND_BATCH_STATUSES } from '../../domain/command-batch';
import {
  AGPS_TEXT_DEFAULT,
  DEVICE_ID_GENERATE_MAX,
  DEVICE_ID_PREFIX,
  DEVICE_ID_PREFIX_MAX,
  NB_CALLBACK_MAX,
  NB_KINDS,
  NB_NOTIFY_TYPES,
  PLATFORM_APN_MAX,
  PLATFORM_HOST_MAX,
  PLATFORM_INTERVAL_MAX,
  PLATFORM_INTERVAL_MIN,
  PLATFORM_TZ_MAX,
  PLATFORM_TZ_MIN,
} from '../../domain/factory';
import { validateTransferHost } from '../../domain/ip-transfer';
import { COMMAND_REASON_OPTIONS, COMMAND_RESULT_OPTIONS, COMMAND_STATUS_OPTIONS } from '../command/fields';
import type { EntityDescriptor, EntityField, FieldOption } from '../types';
import { keyedOptions } from '../options';

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
const time = (): EntityField => ({ type: 'datetime', width: 170 });
const num = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'number', width: 90, ...extra });

const batchStatus: FieldOption[] = COMMAND_BATCH_STATUSES.map((s) => ({
  value: s,
  labelKey: `batchStatus.${s}`,
}));
/** API names of the platform: shown as they are in every language. */
const notifyTypes: FieldOption[] = NB_NOTIFY_TYPES.map((t) => ({ value: t, label: t }));
const subStatus: FieldOption[] = [
  { value: 'active', labelKey: 'subStatus.active', color: 'green' },
  { value: 'failed', labelKey: 'subStatus.failed', color: 'red' },
  { value: 'cancelled', labelKey: 'subStatus.cancelled' },
];
const expireTypes = keyedOptions('device:expireTypes', EXPIRE_TYPE);
/**
 * A batch is called by its command's label key (`name.<command>` of the command namespace, the
 * seeded sets' commands) or by its typed text, shown as it is.
 */
const commandNames: FieldOption[] = [
  'locate',
  'relayOff',
  'relayOn',
  'reboot',
  'status',
  'param',
  'uploadInterval',
  'sos',
  'timeZone',
  'apn',
  'serverAddress',
  'overspeed',
  'modeSwitch',
  'workMode',
].map((n) => ({ value: `name.${n}`, labelKey: `command:name.${n}` }));
/** A count in the batch's `counts` map. */
const counted = (status: string): EntityField =>
  num({
    labelKey: `counts.${status}`,
    value: (row) => (row.counts as Record<string, number>)?.[status] ?? 0,
  });

/**
 * Factory batch commands and settings (issue 15, part 7; docs/factory/commands.md). Labels are
 * keys of the factory namespace (the command console's where they are the same words).
 */
export const FACTORY_ENTITY: EntityDescriptor = {
  namespace: 'factory',
  subject: 'test',
  fields: {
    // commands
    command: { type: 'command', labelKey: 'fields.command' },
    terminalID: text({ maxLength: 20, labelKey: 'fields.imei', width: 160, required: true }),
    agpsText: text({
      maxLength: 200,
      labelKey: 'fields.agpsText',
      helpKey: 'help.agpsText',
      initialValue: AGPS_TEXT_DEFAULT,
      param: 'content',
    }),
    batchNo: num({ labelKey: 'fields.batchNo', width: 80 }),
    id: num({ labelKey: 'fields.batchNo', width: 80 }),
    batchId: text({ labelKey: 'fields.batchId', width: 200 }),
    label: { type: 'select', options: commandNames, labelKey: 'fields.label' },
    status: { type: 'select', options: COMMAND_STATUS_OPTIONS, labelKey: 'fields.status', width: 100 },
    batchStatus: { type: 'select', options: batchStatus, labelKey: 'fields.status', value: (r) => r.status },
    reason: { type: 'select', options: COMMAND_REASON_OPTIONS, labelKey: 'fields.reason' },
    content: text({ labelKey: 'fields.content' }),
    reply: text({ labelKey: 'fields.reply' }),
    result: { type: 'select', options: COMMAND_RESULT_OPTIONS, labelKey: 'fields.result', width: 90 },
    imported: {
      type: 'select',
      labelKey: 'fields.imported',
      options: [
        { value: true, labelKey: 'imported.yes', color: 'blue' },
        { value: false, labelKey: 'imported.no', color: 'orange' },
      ],
    },
    username: text({ labelKey: 'fields.sender', width: 120 }),
    total: num({ labelKey: 'fields.total' }),
    success: counted('success'),
    failed: counted('failed'),
    timeout: counted('timeout'),
    pending: counted('pending'),
    startTime: { type: 'datetime', labelKey: 'fields.startTime' },
    endTime: { type: 'datetime', labelKey: 'fields.endTime' },
    updatedAt: time(),
    createdAt: time(),
    // device batch management
    operation: {
      type: 'select',
      labelKey: 'fields.operation',
      required: true,
      buttons: true,
      initialValue: 'resetPassword',
      options: ['resetPassword', 'changeType', 'expireType'].map((o) => ({
        value: o,
        labelKey: `operation.${o}`,
      })),
    },
    deviceType: text({ maxLength: 32, labelKey: 'fields.deviceType', required: true }),
    expireType: { type: 'select', options: expireTypes, labelKey: 'fields.expireType', required: true },
    // NB-IoT subscriptions
    kind: {
      type: 'select',
      labelKey: 'fields.kind',
      options: NB_KINDS.map((k) => ({ value: k, labelKey: `kind.${k}` })),
      width: 110,
    },
    notifyType: { type: 'select', options: notifyTypes, labelKey: 'fields.notifyType', required: true },
    callbackUrl: text({
      maxLength: NB_CALLBACK_MAX,
      labelKey: 'fields.callbackUrl',
      helpKey: 'help.callbackUrl',
      pattern: { regex: /^https?:\/\/\S+$/, messageKey: 'help.callbackUrlInvalid' },
      copyable: true,
    }),
    subStatus: { type: 'select', options: subStatus, labelKey: 'fields.status', value: (r) => r.status },
    provider: text({ labelKey: 'fields.provider', width: 100 }),
    providerRef: text({ labelKey: 'fields.providerRef', width: 160 }),
    lastError: text({ labelKey: 'fields.lastError' }),
    // GW005 ids
    code: text({ labelKey: 'fields.code', width: 140, copyable: true }),
    terminalId: text({ labelKey: 'fields.imei', width: 160 }),
    batchNoText: text({ labelKey: 'fields.idBatch', width: 180, value: (r) => r.batchNo }),
    prefix: text({
      maxLength: DEVICE_ID_PREFIX_MAX,
      labelKey: 'fields.prefix',
      required: true,
      pattern: { regex: DEVICE_ID_PREFIX, messageKey: 'help.prefix' },
      helpKey: 'help.prefix',
    }),
    count: {
      type: 'number',
      labelKey: 'fields.count',
      min: 1,
      max: DEVICE_ID_GENERATE_MAX,
      required: true,
      initialValue: 10,
    },
    keyword: text({ maxLength: 32, labelKey: 'fields.keyword' }),
    bound: {
      type: 'select',
      labelKey: 'fields.bound',
      options: [
        { value: true, labelKey: 'bound.yes', color: 'green' },
        { value: false, labelKey: 'bound.no' },
      ],
      value: (r) => r.terminalId != null,
    },
    boundAt: time(),
    lines: { type: 'lines', labelKey: 'fields.pairs', helpKey: 'help.pairs' },
    // platform configuration
    host: text({
      maxLength: PLATFORM_HOST_MAX,
      labelKey: 'fields.host',
      required: true,
      validate: validateTransferHost,
    }),
    port: { type: 'number', labelKey: 'fields.port', min: 1, max: 65_535, required: true, width: 80 },
    apn: text({ maxLength: PLATFORM_APN_MAX, labelKey: 'fields.apn' }),
    apnUser: text({ maxLength: PLATFORM_APN_MAX, labelKey: 'fields.apnUser' }),
    apnPassword: text({ maxLength: PLATFORM_APN_MAX, labelKey: 'fields.apnPassword' }),
    uploadInterval: {
      type: 'number',
      labelKey: 'fields.uploadInterval',
      min: PLATFORM_INTERVAL_MIN,
      max: PLATFORM_INTERVAL_MAX,
      required: true,
      initialValue: 30,
      width: 110,
    },
    timezone: {
      type: 'number',
      labelKey: 'fields.timezone',
      min: PLATFORM_TZ_MIN,
      max: PLATFORM_TZ_MAX,
      required: true,
      initialValue: 8,
      width: 90,
    },
    configured: {
      type: 'select',
      labelKey: 'fields.configured',
      options: [
        { value: true, labelKey: 'configured.yes', color: 'green' },
        { value: false, labelKey: 'configured.no' },
      ],
      value: (r) => r.id != null,
    },
    account: text({ maxLength: 32, labelKey: 'fields.account', param: 'username' }),
    accountName: text({ labelKey: 'fields.account', width: 140, value: (r) => r.username }),
    imeis: { type: 'lines', labelKey: 'fields.imeis', helpKey: 'help.applyImeis' },
  },
};
