import { lazy } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import type { BatchView, EntityAction, FormView, ListView, ReportView } from '../types';
import { editOsmAndKey } from './fields';

/** Columns of the device lists, in order. */
const LIST_COLUMNS = [
  'terminalID',
  'nickname',
  'carNumber',
  'state',
  'deviceType',
  'protocol',
  'username',
  'sim',
  'platformExpireAt',
  'userExpireAt',
  'activatedAt',
  'lastOnlineAt',
] as const;

const LIST_FILTERS = [
  'keyword',
  'menuType',
  'expiry',
  'deviceType',
  'protocol',
  'importProtocol',
  'userId',
  'includeSubtree',
  'imeis',
] as const;

const batch = (
  name: string,
  endpoint: string,
  permissions: EntityAction['permissions'],
  fields: string[] = [],
  danger = false,
): EntityAction => ({
  name,
  labelKey: `actions.${name}`,
  endpoint,
  permissions,
  fields,
  batch: true,
  danger,
});

/** Operations on the devices ticked in the list; each runs as a batch with websocket progress. */
export const DEVICE_BATCH_ACTIONS: EntityAction[] = [
  {
    ...batch('transfer', '/device/deviceTransform', [P.deviceTransfer], ['targetUser']),
    ownerField: 'userId',
    preview: '/device/deviceTransform/preview',
  },
  batch(
    'updateTime',
    '/device/deviceUpdateTime',
    [P.deviceUpdateTime],
    ['newPlatformExpireAt', 'newUserExpireAt'],
  ),
  batch('expireType', '/device/updateDevicesExpireType', [P.deviceUpdateTime], ['expireType']),
  batch('iconType', '/device/updateIconTypeList', [P.deviceIconType], ['iconType']),
  batch('deviceType', '/device/changeDevicesType', [P.deviceInit], ['deviceType']),
  batch('timezone', '/device/updateZoneImeiList', [P.deviceInit], ['timezone']),
  batch('resetPassword', '/device/resetDevicePassword', [P.deviceResetPwd], [], true),
  // Sale to a customer (issue 16): counted in the importing agent's saleNum.
  {
    ...batch('sell', '/device/userSale', [P.deviceTransfer], ['targetCustomer', 'newUserExpireAt']),
    ownerField: 'userId',
    preview: '/device/userSale/preview',
  },
];

const byRow = { idParam: { param: 'terminalID', from: 'terminalID' } };

/** Operations on one device of the list (issue 16): its edit dialog and the IMEI replacement. */
export const DEVICE_ROW_ACTIONS: EntityAction[] = [
  {
    name: 'edit',
    labelKey: 'actions.edit',
    endpoint: '/device/updateDevice',
    permissions: [P.deviceEdit],
    fields: [
      'nickname',
      'carNumber',
      'sim',
      'iccid',
      'remark',
      'iconType',
      'timezone',
      'speedLimit',
      'maxSpeed',
      'osmandKey',
      'osmandKeyClear',
    ],
    request: editOsmAndKey,
    prefill: true,
    ...byRow,
  },
  {
    name: 'replaceImei',
    labelKey: 'actions.replaceImei',
    endpoint: '/device/transformDeviceIMEI',
    permissions: [P.deviceChangeUsername],
    fields: ['newTerminalID'],
    confirmKey: 'help.replaceImei',
    ...byRow,
  },
];

/** A device row expands to its pictures. */
const DevicePictures = lazy(() => import('../../pages/device/DevicePictures'));

export const deviceListView = (endpoint: string): ListView => ({
  kind: 'list',
  endpoint,
  rowKey: 'terminalID',
  columns: endpoint.endsWith('V2')
    ? [...LIST_COLUMNS.slice(0, 6), 'ownerPath', ...LIST_COLUMNS.slice(7)]
    : LIST_COLUMNS,
  filters: LIST_FILTERS,
  export: { endpoint: '/device/exportDeviceList', fileName: 'devices' },
  batchActions: DEVICE_BATCH_ACTIONS,
  rowActions: DEVICE_ROW_ACTIONS,
  detailComponent: DevicePictures,
});

const batchView = (endpoint: string, fields: string[] = []): BatchView => ({
  kind: 'batch',
  endpoint,
  fields,
});

export const DEVICE_VIEWS = {
  transfer: {
    ...batchView('/device/deviceTransform', ['targetUser']),
    preview: '/device/deviceTransform/preview',
  },
  updateTime: batchView('/device/deviceUpdateTime', ['newPlatformExpireAt', 'newUserExpireAt']),
  expireType: batchView('/device/updateDevicesExpireType', ['expireType']),
  iconType: batchView('/device/updateIconTypeList', ['iconType']),
  deviceType: batchView('/device/changeDevicesType', ['deviceType']),
  timezone: batchView('/device/updateZoneImeiList', ['timezone']),
  host: batchView('/device/updateHost', ['host']),
  password: batchView('/device/updatePwdByTerminalIds', ['password']),
  reset: batchView('/device/resetDevicePassword'),
  import: {
    kind: 'report',
    endpoint: '/device/deviceImport',
    fields: ['importAs', 'userId'],
    input: 'text',
    linesField: 'imeis',
  } satisfies ReportView,
  iccidImport: {
    kind: 'report',
    endpoint: '/device/iccidImport',
    fields: ['iccidLength'],
    input: 'rows',
    linesField: 'lines',
    rowColumns: ['terminalID', 'iccid'],
    reportColumns: ['iccid'],
  } satisfies ReportView,
  huaxiang: {
    kind: 'report',
    endpoint: '/device/huaXiangDataImport',
    fields: [],
    input: 'rows',
    linesField: 'lines',
    rowColumns: ['terminalID', 'carNumber', 'nickname', 'sim', 'driverName', 'driverPhone', 'vehicleModel'],
  } satisfies ReportView,
  exportIccid: {
    kind: 'form',
    endpoint: '/device/deviceExportIccid',
    fields: ['requiredImeis'],
    result: 'table',
    columns: ['terminalID', 'iccid', 'cardIccid', 'sim'],
    rowKey: 'terminalID',
    fileName: 'iccid',
  } satisfies FormView,
  cardIccid: {
    kind: 'form',
    endpoint: '/device/updateCardIccid',
    fields: ['requiredTerminal', 'cardIccid'],
    result: 'message',
  } satisfies FormView,
  deviceInfo: {
    kind: 'form',
    endpoint: '/device/deviceUpdateDeviceInfo',
    fields: ['requiredTerminal', 'nickname', 'carNumber', 'sim', 'iccid', 'remark'],
    result: 'record',
    writes: true,
    columns: ['terminalID', 'nickname', 'carNumber', 'sim', 'iccid', 'remark'],
  } satisfies FormView,
  multiInfo: {
    kind: 'form',
    endpoint: '/device/multiInfoSearch',
    fields: ['requiredImeis'],
    result: 'table',
    columns: [
      'terminalID',
      'nickname',
      'carNumber',
      'state',
      'deviceType',
      'ownerPath',
      'sim',
      'platformExpireAt',
    ],
    rowKey: 'terminalID',
    fileName: 'devices-info',
  } satisfies FormView,
  userInfo: {
    kind: 'form',
    endpoint: '/device/userInfo',
    fields: ['requiredTerminal'],
    result: 'record',
    columns: [
      'terminalID',
      'nickname',
      'carNumber',
      'state',
      'platformExpireAt',
      'owner',
      'ownerPath',
      'telephone',
    ],
    // The answer is {device, owner}: one record of the device and its owner's details.
    pick: (data) => {
      const { device, owner } = data as { device: Record<string, unknown>; owner: Record<string, unknown> };
      return { ...device, owner: owner.username, ownerPath: owner.ownerPath, telephone: owner.telephone };
    },
  } satisfies FormView,
} as const;
