import { lazy } from 'react';
import { CarOutlined } from '@ant-design/icons';
import { PERMISSIONS as P, WILDCARD_PERMISSION } from '../../config/roles';
import { COMMAND_ENTITY } from './command/fields';
import { COMMAND_VIEWS } from './command/views';
import { DEVICE_ENTITY } from './device/fields';
import { DEVICE_VIEWS as V, deviceListView } from './device/views';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Device management (spec section 2, /index/device/*). Screens whose operation no role but admin
 * holds in the matrix of spec section 6 (device type, host, config, time zone, expiry type)
 * require the wildcard, i.e. admin only. Every screen but the icon type one (which adds an icon
 * preview) is drawn by the generic renderer from its view.
 */
const ADMIN = [WILDCARD_PERMISSION] as const;
const entity = DEVICE_ENTITY;

export const deviceResources: ResourceDescriptor[] = [
  group('deviceGroup', CarOutlined),
  ...inGroup('deviceGroup', [
    screen('deviceList', '/index/device/deviceList', [P.deviceList], {
      entity,
      view: deviceListView('/device/deviceList'),
    }),
    screen('deviceListV2', '/index/device/deviceListV2', [P.deviceList], {
      entity,
      view: deviceListView('/device/deviceListV2'),
    }),
    screen('userInfo', '/index/device/userInfo', [P.deviceUserInfo], { entity, view: V.userInfo }),
    screen('deviceImport', '/index/device/deviceImport', [P.deviceImport], { entity, view: V.import }),
    screen('deviceTransform', '/index/device/deviceTransform', [P.deviceTransfer], {
      entity,
      view: V.transfer,
    }),
    screen('deviceUpdateTime', '/index/device/deviceUpdateTime', [P.deviceUpdateTime], {
      entity,
      view: V.updateTime,
    }),
    screen('deviceUpdateIccid', '/index/device/deviceUpdateIccid', [P.deviceImportSim], {
      entity,
      view: V.iccidImport,
    }),
    screen('deviceUpdateCardIccid', '/index/device/deviceUpdateCardIccid', [P.deviceImportSim], {
      entity,
      view: V.cardIccid,
    }),
    screen('deviceExportIccid', '/index/device/deviceExportIccid', [P.deviceSimCheck], {
      entity,
      view: V.exportIccid,
    }),
    screen('deviceBatchIcon', '/index/device/deviceBatchIcon', [P.deviceIconType], {
      entity,
      view: V.iconType,
      page: lazy(() => import('../pages/device/BatchIconPage')),
    }),
    screen('deviceUpdateDeviceInfo', '/index/device/deviceUpdateDeviceInfo', [P.deviceMultiInfo], {
      entity,
      view: V.deviceInfo,
    }),
    screen('miltiInfoSearch', '/index/device/miltiInfoSearch', [P.deviceMultiInfo], {
      entity,
      view: V.multiInfo,
    }),
    screen('passwordUpdate', '/index/device/passwordUpdate', [P.deviceResetPwd], {
      entity,
      view: V.password,
    }),
    screen('deviceReset', '/index/device/deviceReset', [P.deviceInit], { entity, view: V.reset }),
    screen('huaXiangDataImport', '/index/device/huaXiangDataImport', [P.deviceHuaxiangImport], {
      entity,
      view: V.huaxiang,
    }),
    screen('multipleCmd', '/index/device/multipleCmd', [P.command], {
      entity: COMMAND_ENTITY,
      view: COMMAND_VIEWS.multipleCmd,
    }),
    screen('multipleCmdSearch', '/index/device/multipleCmdSearch', [P.command], {
      entity: COMMAND_ENTITY,
      view: COMMAND_VIEWS.results,
    }),
    screen('offlineCmdImport', '/index/device/offlineCmdImport', [P.command], {
      entity: COMMAND_ENTITY,
      view: COMMAND_VIEWS.offlineImport,
    }),
    screen('deviceUpdateDevicesType', '/index/device/deviceUpdateDevicesType', ADMIN, {
      entity,
      view: V.deviceType,
    }),
    screen('deviceUpdateHost', '/index/device/deviceUpdateHost', ADMIN, { entity, view: V.host }),
    screen('deviceConfig', '/index/device/deviceConfig', ADMIN, {
      entity: COMMAND_ENTITY,
      view: COMMAND_VIEWS.deviceTypes,
    }),
    screen('deviceUpdateZone', '/index/device/deviceUpdateZone', ADMIN, { entity, view: V.timezone }),
    screen('deviceUpdateExpireType', '/index/device/deviceUpdateExpireType', ADMIN, {
      entity,
      view: V.expireType,
    }),
  ]),
];
