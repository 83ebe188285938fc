import { WILDCARD_PERMISSION } from '../../../config/roles';
import type { BatchView, EntityAction, ListView, ReportView } from '../types';

const TYPE_FIELDS = [
  'name',
  'protocol',
  'importProtocol',
  'description',
  'iconType',
  'locationAck',
  'commandConfig',
];
const admin = [WILDCARD_PERMISSION] as const;

const addType: EntityAction = {
  name: 'addType',
  labelKey: 'deviceType.add',
  endpoint: '/config/addDeviceType',
  permissions: admin,
  fields: TYPE_FIELDS,
};
const editType: EntityAction = {
  name: 'editType',
  labelKey: 'deviceType.edit',
  endpoint: '/config/updateDeviceType',
  permissions: admin,
  fields: TYPE_FIELDS,
  idParam: { param: 'id', from: 'id' },
  prefill: true,
};

/**
 * The results of batch commands, one row per terminal: the console's list and the factory's
 * share it, each with its own endpoints (and the factory's refreshes while batches run).
 */
export const batchResultsView = (own: Pick<ListView, 'endpoint' | 'export' | 'refreshMs'>): ListView => ({
  kind: 'list',
  rowKey: 'id',
  columns: [
    'batchNo',
    'label',
    'terminalID',
    'status',
    'reason',
    'content',
    'reply',
    'result',
    'username',
    'updatedAt',
  ],
  filters: ['batchId', 'terminalID', 'status', 'startTime', 'endTime'],
  ...own,
});

/** Screens of the command entity: device types, one command to many devices, its results. */
export const COMMAND_VIEWS = {
  deviceTypes: {
    kind: 'list',
    endpoint: '/config/findDeviceType',
    rowKey: 'id',
    columns: ['name', 'protocol', 'importProtocol', 'description', 'commandCount', 'deviceCount'],
    filters: ['keyword'],
    toolbarActions: [addType],
    rowActions: [editType],
  } satisfies ListView,
  multipleCmd: {
    kind: 'batch',
    endpoint: '/command/multipleCmd',
    fields: ['picked', 'accountId', 'includeSubAccounts', 'command'],
    accountField: 'accountId',
    pickField: 'picked',
    background: { cancel: '/command/cancelBatch', results: '/index/device/multipleCmdSearch' },
  } satisfies BatchView,
  results: batchResultsView({
    endpoint: '/command/multipleCmdSearch',
    export: { endpoint: '/command/multipleCmdExport', fileName: 'command-results' },
  }),
  /** Offline commands for many devices: `IMEI` lines take the chosen command, `IMEI,text` their own. */
  offlineImport: {
    kind: 'report',
    endpoint: '/command/ChBatchOfflineRecordImport',
    fields: ['command'],
    input: 'text',
    linesField: 'lines',
  } satisfies ReportView,
};
