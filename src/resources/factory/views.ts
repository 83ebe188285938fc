import { batchResultsView } from '../command/views';
import type { BatchView, FormView, ListView, ReportView } from '../types';

const RESULTS = '/test/mutiCmd/searchResultCmd';
const CANCEL = '/command/cancelBatch';

/** Lines of the answer of a platform apply: each batch started, one per command. */
const applied = (data: unknown) =>
  ((data as { batches?: { commandKey: string; batchId: string; total: number }[] }).batches ?? [])
    .map((b) => `${b.commandKey}\t${b.batchId}\t${b.total}`)
    .join('\n');

/** Screens of the factory batch commands and settings (docs/factory/commands.md). */
export const FACTORY_VIEWS = {
  /** One command to pasted terminals, imported or in stock, in the background. */
  sendMutiCmd: {
    kind: 'batch',
    endpoint: '/mutiCmd/sendMutiCmd',
    fields: ['command'],
    background: { cancel: CANCEL, results: RESULTS },
  } satisfies BatchView,
  agps: {
    kind: 'batch',
    endpoint: '/agps/sendAgps',
    fields: ['agpsText'],
    background: { cancel: CANCEL, results: RESULTS },
  } satisfies BatchView,
  results: batchResultsView({
    endpoint: '/mutiCmd/searchResultCmd',
    export: { endpoint: '/mutiCmd/exportResultCmd', fileName: 'factory-command-results' },
    refreshMs: 5000,
  }),
  /** Device batch operations of a factory, on any account's devices. */
  deviceBatchManage: {
    kind: 'batch',
    endpoint: '/mutiCmd/resetDevicePassword',
    fields: ['operation', 'deviceType', 'expireType'],
    variants: {
      field: 'operation',
      views: {
        resetPassword: { endpoint: '/mutiCmd/resetDevicePassword', fields: [] },
        changeType: { endpoint: '/mutiCmd/changeDevicesType', fields: ['deviceType'] },
        expireType: { endpoint: '/mutiCmd/updateDevicesExpireType', fields: ['expireType'] },
      },
    },
  } satisfies BatchView,
  cmdSend: {
    kind: 'form',
    endpoint: '/mutiCmd/cmdSend',
    fields: ['terminalID', 'command'],
    result: 'record',
    writes: true,
    columns: ['terminalID', 'imported', 'status', 'content', 'reply', 'result', 'reason'],
    submitKey: 'actions.send',
  } satisfies FormView,
  subscribe: {
    kind: 'list',
    endpoint: '/setting/subscriptions',
    rowKey: 'id',
    columns: [
      'kind',
      'notifyType',
      'callbackUrl',
      'subStatus',
      'provider',
      'providerRef',
      'lastError',
      'updatedAt',
    ],
    filters: ['kind'],
    toolbarActions: [
      {
        name: 'nbSubscribe',
        labelKey: 'actions.nbSubscribe',
        endpoint: '/setting/nbSubscribe',
        fields: ['notifyType', 'callbackUrl'],
      },
      {
        name: 'ccsSubscribe',
        labelKey: 'actions.ccsSubscribe',
        endpoint: '/setting/ccsSubscribe',
        fields: ['notifyType', 'callbackUrl'],
      },
      {
        name: 'resync',
        labelKey: 'actions.resync',
        endpoint: '/setting/resync',
        confirmKey: 'confirm.resync',
      },
    ],
    rowActions: [
      {
        name: 'unsubscribe',
        labelKey: 'actions.unsubscribe',
        endpoint: '/setting/unsubscribe',
        idParam: { param: 'id', from: 'id' },
        danger: true,
        when: (row) => row.status !== 'cancelled',
      },
    ],
  } satisfies ListView,
  ids: {
    kind: 'list',
    endpoint: '/idManager/list',
    rowKey: 'id',
    columns: ['code', 'terminalId', 'bound', 'boundAt', 'batchNoText', 'deviceType', 'createdAt'],
    filters: ['keyword', 'bound'],
    toolbarActions: [
      {
        name: 'generate',
        labelKey: 'actions.generate',
        endpoint: '/idManager/generate',
        fields: ['prefix', 'count'],
        answer: (data) => ((data as { codes?: string[] }).codes ?? []).join('\n'),
      },
    ],
    batchActions: [
      {
        name: 'unbind',
        labelKey: 'actions.unbind',
        endpoint: '/idManager/unbind',
        targetsParam: 'ids',
        danger: true,
      },
    ],
    links: [{ name: 'bind', labelKey: 'actions.bind', to: '/test/idManager/bind' }],
  } satisfies ListView,
  /** Pasted `id,IMEI` lines, a report per line. */
  bind: {
    kind: 'report',
    endpoint: '/idManager/bind',
    fields: [],
    input: 'text',
    linesField: 'lines',
    linesLabelKey: 'fields.pairs',
    reportColumns: ['code'],
  } satisfies ReportView,
  platforms: {
    kind: 'list',
    endpoint: '/configPlatform/list',
    rowKey: 'userId',
    columns: [
      'accountName',
      'configured',
      'host',
      'port',
      'apn',
      'apnUser',
      'uploadInterval',
      'timezone',
      'updatedAt',
    ],
    filters: ['account', 'configured'],
    rowActions: [
      {
        name: 'save',
        labelKey: 'actions.configure',
        endpoint: '/configPlatform/save',
        fields: ['host', 'port', 'apn', 'apnUser', 'apnPassword', 'uploadInterval', 'timezone'],
        idParam: { param: 'userId', from: 'userId' },
        prefill: true,
      },
      {
        name: 'apply',
        labelKey: 'actions.apply',
        endpoint: '/configPlatform/apply',
        fields: ['imeis'],
        idParam: { param: 'userId', from: 'userId' },
        when: (row) => row.id != null,
        answer: applied,
      },
    ],
    links: [{ name: 'applied', labelKey: 'actions.applied', to: '/test/configPlatformForUser/batches' }],
  } satisfies ListView,
  /** Factory batches with their counts (the platform applies among them). */
  batches: {
    kind: 'list',
    endpoint: '/mutiCmd/findBatches',
    rowKey: 'id',
    columns: [
      'id',
      'label',
      'batchStatus',
      'total',
      'success',
      'failed',
      'timeout',
      'pending',
      'username',
      'createdAt',
    ],
    refreshMs: 5000,
  } satisfies ListView,
};
