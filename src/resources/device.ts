import { lazy } from 'react';
import { CarOutlined } from '@ant-design/icons';
import { PERMISSIONS as P, WILDCARD_PERMISSION } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Device management (spec section 2, /index/device/*). Screens whose operation no role but admin
 * holds in the matrix of spec section 6 (device type, host, config, time zone, expiry type)
 * require the wildcard, i.e. admin only. Every screen but the icon type one (which adds an icon
 * preview) is drawn by the generic renderer from its view (device/screens.ts).
 */
const ADMIN = [WILDCARD_PERMISSION] as const;
const generic = () => import('./device/screens').then((m) => m.DEVICE_SCREENS);

export const deviceResources: ResourceDescriptor[] = [
  group('deviceGroup', CarOutlined),
  ...inGroup('deviceGroup', [
    screen('deviceList', '/index/device/deviceList', [P.deviceList], { generic }),
    screen('deviceListV2', '/index/device/deviceListV2', [P.deviceList], { generic }),
    screen('userInfo', '/index/device/userInfo', [P.deviceUserInfo], { generic }),
    screen('deviceImport', '/index/device/deviceImport', [P.deviceImport], { generic }),
    screen('deviceTransform', '/index/device/deviceTransform', [P.deviceTransfer], { generic }),
    screen('deviceUpdateTime', '/index/device/deviceUpdateTime', [P.deviceUpdateTime], { generic }),
    screen('deviceUpdateIccid', '/index/device/deviceUpdateIccid', [P.deviceImportSim], { generic }),
    screen('deviceUpdateCardIccid', '/index/device/deviceUpdateCardIccid', [P.deviceImportSim], { generic }),
    screen('deviceExportIccid', '/index/device/deviceExportIccid', [P.deviceSimCheck], { generic }),
    screen('deviceBatchIcon', '/index/device/deviceBatchIcon', [P.deviceIconType], {
      generic,
      page: lazy(() => import('../pages/device/BatchIconPage')),
    }),
    screen('deviceUpdateDeviceInfo', '/index/device/deviceUpdateDeviceInfo', [P.deviceMultiInfo], {
      generic,
    }),
    screen('miltiInfoSearch', '/index/device/miltiInfoSearch', [P.deviceMultiInfo], { generic }),
    screen('passwordUpdate', '/index/device/passwordUpdate', [P.deviceResetPwd], { generic }),
    screen('deviceReset', '/index/device/deviceReset', [P.deviceInit], { generic }),
    screen('huaXiangDataImport', '/index/device/huaXiangDataImport', [P.deviceHuaxiangImport], { generic }),
    screen('multipleCmd', '/index/device/multipleCmd', [P.command], { generic }),
    screen('multipleCmdSearch', '/index/device/multipleCmdSearch', [P.command], { generic }),
    screen('offlineCmdImport', '/index/device/offlineCmdImport', [P.command], { generic }),
    screen('deviceUpdateDevicesType', '/index/device/deviceUpdateDevicesType', ADMIN, { generic }),
    screen('deviceUpdateHost', '/index/device/deviceUpdateHost', ADMIN, { generic }),
    screen('deviceConfig', '/index/device/deviceConfig', ADMIN, { generic }),
    screen('deviceUpdateZone', '/index/device/deviceUpdateZone', ADMIN, { generic }),
    screen('deviceUpdateExpireType', '/index/device/deviceUpdateExpireType', ADMIN, { generic }),
  ]),
];
