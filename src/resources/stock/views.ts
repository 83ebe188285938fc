import type { FormView, ListView, ReportView } from '../types';

/** Screens of the stock entity (docs/factory/stock.md). */
export const STOCK_VIEWS = {
  stock: {
    kind: 'list',
    endpoint: '/preInput/stockList',
    rowKey: 'id',
    columns: [
      'terminalID',
      'deviceType',
      'iccid',
      'batchNo',
      'status',
      'test',
      'testedAt',
      'shippedTo',
      'shippedAt',
      'firmwareVersion',
      'createdAt',
    ],
    filters: ['terminalID', 'iccid', 'status', 'test', 'deviceType', 'batchNo', 'startTime', 'endTime'],
    export: { endpoint: '/preInput/stockExport', fileName: 'stock' },
    links: [{ name: 'records', labelKey: 'links.records', to: '/test/stock/records' }],
  } satisfies ListView,
  /** "IMEI[,ICCID][,device type]" lines (or an xlsx/csv file) under a batch number. */
  stockIn: {
    kind: 'report',
    endpoint: '/preInput/deviceInputIn',
    fields: ['batchNoRequired', 'defaultDeviceType'],
    input: 'rows',
    linesField: 'lines',
    rowColumns: ['terminalID', 'iccid', 'deviceType'],
    reportColumns: ['iccid', 'deviceType'],
  } satisfies ReportView,
  ship: {
    kind: 'report',
    endpoint: '/preInput/inputImportTerminalIDs',
    fields: ['username', 'remark'],
    input: 'text',
    linesField: 'imeis',
    confirmKey: 'confirm.ship',
  } satisfies ReportView,
  removal: {
    kind: 'report',
    endpoint: '/preInput/deviceInputOut',
    fields: ['reason', 'remark'],
    input: 'text',
    linesField: 'imeis',
    confirmKey: 'confirm.removal',
  } satisfies ReportView,
  lookup: {
    kind: 'form',
    endpoint: '/card/searchIccid',
    fields: ['iccidQuery'],
    result: 'table',
    rowKey: 'terminalID',
    columns: [
      'terminalID',
      'matchedBy',
      'stockIccid',
      'deviceIccid',
      'cardIccid',
      'deviceType',
      'batchNo',
      'status',
      'test',
      'owner',
    ],
    fileName: 'iccid',
  } satisfies FormView,
  /** "IMEI,ICCID" pairs. */
  match: {
    kind: 'report',
    endpoint: '/card/iccidMatch',
    fields: [],
    input: 'rows',
    linesField: 'lines',
    rowColumns: ['terminalID', 'iccid'],
    reportColumns: ['iccid'],
  } satisfies ReportView,
  /** One screen for both clearings; each asks first. */
  clear: {
    kind: 'report',
    endpoint: '/card/clearDeviceCard',
    fields: ['clearWhat'],
    input: 'text',
    linesField: 'imeis',
    confirmKey: 'confirm.clearCard',
    variants: {
      field: 'clearWhat',
      views: {
        card: { endpoint: '/card/clearDeviceCard', confirmKey: 'confirm.clearCard', reportColumns: [] },
        data: {
          endpoint: '/card/clearDevicesData',
          confirmKey: 'confirm.clearData',
          reportColumns: ['positions', 'alarms', 'trackDays', 'commands', 'offlineCommands', 'frames'],
        },
      },
    },
  } satisfies ReportView,
  records: {
    kind: 'list',
    endpoint: '/preInput/records',
    rowKey: 'id',
    columns: ['recordedAt', 'terminalID', 'op', 'operator', 'target', 'change'],
    filters: ['terminalID', 'op', 'startTime', 'endTime'],
  } satisfies ListView,
};
