import { CarOutlined } from '@ant-design/icons';
import { PERMISSIONS as P, WILDCARD_PERMISSION } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Device management (spec section 2, /index/device/*). Screens whose operation no role but admin
 * holds in the matrix of spec section 6 (device type, host, config, time zone, expiry type)
 * require the wildcard, i.e. admin only.
 */
const ADMIN = [WILDCARD_PERMISSION] as const;

export const deviceResources: ResourceDescriptor[] = [
  group('deviceGroup', CarOutlined),
  ...inGroup('deviceGroup', [
    screen('deviceList', '/index/device/deviceList', [P.deviceList]),
    screen('deviceListV2', '/index/device/deviceListV2', [P.deviceList]),
    screen('userInfo', '/index/device/userInfo', [P.deviceUserInfo]),
    screen('deviceImport', '/index/device/deviceImport', [P.deviceImport]),
    screen('deviceTransform', '/index/device/deviceTransform', [P.deviceTransfer]),
    screen('deviceUpdateTime', '/index/device/deviceUpdateTime', [P.deviceUpdateTime]),
    screen('deviceUpdateIccid', '/index/device/deviceUpdateIccid', [P.deviceImportSim]),
    screen('deviceUpdateCardIccid', '/index/device/deviceUpdateCardIccid', [P.deviceImportSim]),
    screen('deviceExportIccid', '/index/device/deviceExportIccid', [P.deviceSimCheck]),
    screen('deviceBatchIcon', '/index/device/deviceBatchIcon', [P.deviceIconType]),
    screen('deviceUpdateDeviceInfo', '/index/device/deviceUpdateDeviceInfo', [P.deviceMultiInfo]),
    screen('miltiInfoSearch', '/index/device/miltiInfoSearch', [P.deviceMultiInfo]),
    screen('passwordUpdate', '/index/device/passwordUpdate', [P.deviceResetPwd]),
    screen('deviceReset', '/index/device/deviceReset', [P.deviceInit]),
    screen('huaXiangDataImport', '/index/device/huaXiangDataImport', [P.deviceHuaxiangImport]),
    screen('multipleCmd', '/index/device/multipleCmd', [P.command]),
    screen('multipleCmdSearch', '/index/device/multipleCmdSearch', [P.command]),
    screen('deviceUpdateDevicesType', '/index/device/deviceUpdateDevicesType', ADMIN),
    screen('deviceUpdateHost', '/index/device/deviceUpdateHost', ADMIN),
    screen('deviceConfig', '/index/device/deviceConfig', ADMIN),
    screen('deviceUpdateZone', '/index/device/deviceUpdateZone', ADMIN),
    screen('deviceUpdateExpireType', '/index/device/deviceUpdateExpireType', ADMIN),
  ]),
];
