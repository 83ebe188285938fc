import { decodedRows, describeFrame } from '../../domain/device-log';
import type { EntityDescriptor, EntityField, ListView } from '../types';
import { PROTOCOL_OPTIONS } from '../options';
import { formatDateTime } from '../../domain/date-format';

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
/** Log times to the second (the generic list shows minutes). */
const time = (extra: Partial<EntityField> = {}): EntityField => ({
  type: 'datetime',
  width: 170,
  format: (v) => formatDateTime(v as string),
  ...extra,
});

/** Device logs: frames, command tasks and connections. Labels are keys of the devlog namespace. */
export const LOG_ENTITY: EntityDescriptor = {
  namespace: 'devlog',
  subject: 'test',
  fields: {
    terminalID: text({ maxLength: 20, labelKey: 'fields.imei', width: 160 }),
    terminalId: text({ labelKey: 'fields.imei', width: 160 }),
    startTime: time(),
    endTime: time(),
    // Frames a second apart: the time to the millisecond.
    at: time({
      labelKey: 'fields.time',
      width: 200,
      format: (v) => formatDateTime(v as string, 'millis'),
    }),
    direction: {
      type: 'select',
      width: 80,
      options: [
        { value: 'in', labelKey: 'direction.in', color: 'blue' },
        { value: 'out', labelKey: 'direction.out', color: 'green' },
      ],
    },
    protocol: { type: 'select', options: PROTOCOL_OPTIONS, width: 90 },
    raw: text({ copyable: true, width: 300 }),
    decoded: text({
      value: (row) =>
        describeFrame({
          decoded: row.decoded as Record<string, unknown> | null,
          raw: String(row.raw ?? ''),
          direction: String(row.direction),
        }),
    }),
    decodedField: text({ width: 200 }),
    decodedValue: text(),
    // command tasks
    source: {
      type: 'select',
      width: 100,
      options: [
        { value: 'sent', labelKey: 'source.sent', color: 'blue' },
        { value: 'offline', labelKey: 'source.offline', color: 'orange' },
      ],
    },
    content: text({ width: 200 }),
    status: text({ width: 90 }),
    reply: text(),
    username: text({ width: 110 }),
    createdAt: time(),
    doneAt: time(),
    // device state
    nickname: text({ width: 120 }),
    online: {
      type: 'select',
      width: 90,
      options: [
        { value: true, labelKey: 'online.yes', color: 'green' },
        { value: false, labelKey: 'online.no' },
      ],
    },
    node: text({ width: 120 }),
    remoteAddr: text({ width: 160 }),
    localAddr: text({ width: 120 }),
    localPort: { type: 'number', width: 90 },
    connectedAt: time(),
    disconnectedAt: time(),
    lastFrameAt: time(),
  },
};

export const LOG_VIEWS = {
  logSearch: {
    kind: 'list',
    endpoint: '/log/searchLogApi',
    rowKey: 'id',
    columns: ['at', 'direction', 'protocol', 'raw', 'decoded'],
    filters: ['terminalID', 'startTime', 'endTime'],
    // Every field the gateway decoded, on expanding a frame.
    detail: {
      rows: (row) => decodedRows(row.decoded as Record<string, unknown> | null),
      columns: ['decodedField', 'decodedValue'],
    },
  } satisfies ListView,
  logCmdTask: {
    kind: 'list',
    endpoint: '/log/cmdTask',
    rowKey: 'key',
    columns: ['createdAt', 'terminalID', 'source', 'content', 'status', 'reply', 'doneAt', 'username'],
    filters: ['terminalID', 'startTime', 'endTime'],
  } satisfies ListView,
  logDeviceState: {
    kind: 'list',
    endpoint: '/log/deviceState',
    rowKey: 'terminalID',
    columns: [
      'terminalID',
      'nickname',
      'username',
      'online',
      'node',
      'remoteAddr',
      'localAddr',
      'localPort',
      'connectedAt',
      'disconnectedAt',
      'lastFrameAt',
    ],
    filters: ['terminalID', 'online'],
  } satisfies ListView,
};
