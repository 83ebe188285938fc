import type { ListView, ReportView } from '../types';

/** While a transfer runs its trackers move within seconds: the result lists reload by themselves. */
const REFRESH_MS = 5000;

/** Screens of the IP transfer (docs/factory/ip-transfer.md). */
export const TRANSFER_VIEWS = {
  /** IMEI lines, the new server and a name; the report gives each line's outcome. */
  send: {
    kind: 'report',
    endpoint: '/transfer/transferIp',
    fields: ['host', 'port', 'name'],
    input: 'text',
    linesField: 'imeis',
    reportColumns: ['outcome'],
  } satisfies ReportView,
  /** One transfer's devices (?transferId=), or the records of pasted IMEIs, with "check now". */
  devices: {
    kind: 'list',
    endpoint: '/transfer/transferIpResult',
    rowKey: 'id',
    columns: [
      'transferId',
      'terminalID',
      'status',
      'target',
      'fromAddr',
      'nowAddr',
      'online',
      'sentAt',
      'movedAt',
      'result',
      'node',
    ],
    filters: ['transferId', 'imeis', 'status'],
    refreshMs: REFRESH_MS,
    toolbarActions: [
      {
        name: 'check',
        labelKey: 'actions.check',
        endpoint: '/transfer/batchCheckTransferIpResults',
        withFilters: true,
        immediate: true,
        reads: true,
      },
    ],
    links: [{ name: 'transfers', labelKey: 'links.transfers', to: '/test/transferIp/transferIpResults' }],
  } satisfies ListView,
  transfers: {
    kind: 'list',
    endpoint: '/transfer/transferIpResults',
    rowKey: 'id',
    columns: [
      'id',
      'name',
      'target',
      'state',
      'total',
      'moved',
      'acked',
      'sent',
      'failed',
      'offline',
      'username',
      'createdAt',
    ],
    filters: ['name'],
    refreshMs: REFRESH_MS,
  } satisfies ListView,
};
