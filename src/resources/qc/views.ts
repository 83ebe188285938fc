import type { FormView, ListView, ReportView } from '../types';
import { PERMISSIONS as P } from '../../../config/roles';
import { TEST_KIND } from '../../domain/qc';
import { itemRows } from './fields';

const RESULT_FILTERS = ['terminalID', 'result', 'station', 'operator', 'deviceType', 'startTime', 'endTime'];
const ITEM_DETAIL = { rows: itemRows, columns: ['name', 'value', 'expected', 'passed'] };

/** Stored results of one kind (the serial result managers). */
const results = (kind: number, columns: string[]): ListView => ({
  kind: 'list',
  endpoint: '/serials/testResults',
  rowKey: 'id',
  params: { kind },
  columns,
  filters: RESULT_FILTERS,
  detail: ITEM_DETAIL,
});
const SERIAL_COLUMNS = [
  'terminalID',
  'passed',
  'itemsText',
  'deviceType',
  'firmwareVersion',
  'iccid',
  'station',
  'operator',
  'config',
  'testedAt',
];

const configFields = ['configName', 'deviceType', 'configKind', 'configItems', 'enabled'];

/** Screens of the qc entity (docs/factory/qc.md). */
export const QC_VIEWS = {
  /** One row per terminal: its latest result, passes and failures; rows expand to the items. */
  search: {
    kind: 'list',
    endpoint: '/qc/search',
    rowKey: 'terminalID',
    columns: [
      'terminalID',
      'passed',
      'kind',
      'testedAt',
      'passes',
      'failures',
      'itemsText',
      'deviceType',
      'firmwareVersion',
      'station',
      'operator',
      'importable',
    ],
    filters: ['terminalID', 'result', 'kind', 'station', 'operator', 'deviceType', 'startTime', 'endTime'],
    export: { endpoint: '/qc/export', fileName: 'qc' },
    detail: ITEM_DETAIL,
  } satisfies ListView,
  export: {
    kind: 'form',
    endpoint: '/qc/export',
    fields: ['terminalID', 'result', 'kind', 'station', 'operator', 'deviceType', 'startTime', 'endTime'],
    result: 'download',
    fileName: 'qc',
  } satisfies FormView,
  terminal: {
    kind: 'form',
    endpoint: '/qc/terminal',
    fields: ['terminalQuery'],
    result: 'record',
    columns: [
      'terminalID',
      'deviceType',
      'inStock',
      'stockState',
      'shippedTo',
      'test',
      'importable',
      'testedAt',
      'passes',
      'failures',
      'latestKind',
      'latestItems',
      'recentResults',
      'imported',
      'importedTo',
      'importedAt',
      'online',
      'node',
      'remoteAddr',
      'localPort',
      'connectedAt',
    ],
  } satisfies FormView,
  serial: results(TEST_KIND.serial, SERIAL_COLUMNS),
  serialV2: results(TEST_KIND.serialV2, SERIAL_COLUMNS),
  gps: results(TEST_KIND.gps, [
    'terminalID',
    'passed',
    'satellites',
    'snrAvg',
    'fixSeconds',
    'hdop',
    'latitude',
    'longitude',
    'deviceType',
    'station',
    'operator',
    'testedAt',
  ]),
  /** v1: serial results, "IMEI,result[,type,firmware,ICCID,station,operator,failed items,time]". */
  uploadSerial: {
    kind: 'report',
    endpoint: '/serials/testSerialsResult',
    fields: ['uploadKind', 'defaultDeviceType', 'defaultStation'],
    input: 'rows',
    linesField: 'lines',
    rowColumns: [
      'terminalID',
      'result',
      'deviceType',
      'firmwareVersion',
      'iccid',
      'station',
      'operator',
      'failedItems',
      'testedAt',
    ],
    reportColumns: ['passed'],
  } satisfies ReportView,
  /** v2: GPS results, "IMEI,result,satellites,SNR,seconds to fix,HDOP,latitude,longitude[,…]"; an empty result is judged. */
  uploadGps: {
    kind: 'report',
    endpoint: '/serials/testSerialsGPSResult',
    fields: ['defaultDeviceType', 'defaultStation'],
    input: 'rows',
    linesField: 'lines',
    rowColumns: [
      'terminalID',
      'result',
      'satellites',
      'snrAvg',
      'fixSeconds',
      'hdop',
      'latitude',
      'longitude',
      'deviceType',
      'station',
      'operator',
      'testedAt',
    ],
    reportColumns: ['passed'],
  } satisfies ReportView,
  configs: {
    kind: 'list',
    endpoint: '/serials/config/list',
    rowKey: 'id',
    columns: ['configName', 'deviceType', 'configKind', 'configItemsText', 'enabled', 'updatedAt'],
    filters: ['configNameFilter', 'deviceType', 'configKind'],
    toolbarActions: [
      {
        name: 'addConfig',
        labelKey: 'actions.addConfig',
        endpoint: '/serials/config/add',
        permissions: [P.testConfig],
        fields: configFields,
      },
    ],
    rowActions: [
      {
        name: 'editConfig',
        labelKey: 'actions.editConfig',
        endpoint: '/serials/config/edit',
        permissions: [P.testConfig],
        fields: configFields,
        idParam: { param: 'id', from: 'id' },
        prefill: true,
      },
      {
        name: 'deleteConfig',
        labelKey: 'actions.deleteConfig',
        endpoint: '/serials/config/del/{id}',
        permissions: [P.testConfig],
        danger: true,
        confirmKey: 'confirm.deleteConfig',
      },
    ],
  } satisfies ListView,
};
