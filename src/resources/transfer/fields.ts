import {
  TRANSFER_DEVICE_STATUS,
  TRANSFER_HOST_MAX,
  TRANSFER_NAME_MAX,
  TRANSFER_PORT_MAX,
  TRANSFER_STATUS,
  validateTransferHost,
} from '../../domain/ip-transfer';
import type { EntityDescriptor, EntityField } from '../types';
import { keyedOptions } from '../options';

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
const time = (): EntityField => ({ type: 'datetime', width: 160 });
const count = (): EntityField => ({ type: 'number', width: 80 });

const DEVICE_STATUS = keyedOptions('deviceStatus', TRANSFER_DEVICE_STATUS, {
  pending: 'default',
  sent: 'blue',
  acked: 'cyan',
  failed: 'red',
  offline: 'orange',
  moved: 'green',
});

/** The result screen of one transfer (its id in the query opens it filtered). */
export const resultPath = (row: Record<string, unknown>) =>
  `/test/transferIp/transferIpResult?transferId=${String(row.transferId ?? row.id)}`;

/**
 * IP transfer (issue 15, part 6; docs/factory/ip-transfer.md): the send form with its per-line
 * report, the transfers with their counts, and the devices with their status. Labels are keys of
 * the transfer namespace; the transfer-result roles see them in Chinese.
 */
export const TRANSFER_ENTITY: EntityDescriptor = {
  namespace: 'transfer',
  subject: 'test',
  fields: {
    imeis: { type: 'lines', labelKey: 'fields.imeis', helpKey: 'help.imeis' },
    host: text({
      maxLength: TRANSFER_HOST_MAX,
      required: true,
      validate: validateTransferHost,
      helpKey: 'help.host',
    }),
    port: { type: 'number', min: 1, max: TRANSFER_PORT_MAX, required: true },
    name: text({ maxLength: TRANSFER_NAME_MAX, helpKey: 'help.name' }),
    /** The report line's device status once the transfer holds it. */
    outcome: { type: 'select', options: DEVICE_STATUS },
    status: { type: 'select', options: DEVICE_STATUS, width: 110 },
    state: {
      type: 'select',
      labelKey: 'fields.state',
      options: keyedOptions('state', TRANSFER_STATUS, { running: 'processing', done: 'default' }),
      value: (row) => row.status,
    },
    id: { type: 'number', labelKey: 'fields.transferId', width: 80, link: resultPath },
    transferId: { type: 'number', labelKey: 'fields.transferId', width: 80, link: resultPath },
    terminalID: text({ maxLength: 20, labelKey: 'fields.imei', width: 160 }),
    target: text({ width: 170, value: (row) => row.target ?? `${String(row.host)}:${String(row.port)}` }),
    fromAddr: text({ width: 170 }),
    nowAddr: text({ width: 170 }),
    online: {
      type: 'select',
      width: 90,
      options: [
        { value: true, labelKey: 'online.yes', color: 'green' },
        { value: false, labelKey: 'online.no' },
      ],
    },
    node: text({ width: 120 }),
    result: text({ width: 200 }),
    sentAt: time(),
    movedAt: time(),
    createdAt: time(),
    username: text({ width: 120 }),
    total: count(),
    sent: count(),
    acked: count(),
    moved: count(),
    failed: count(),
    offline: count(),
    pending: count(),
  },
};
