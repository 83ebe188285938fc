import { COMMAND_ENTITY } from '../command/fields';
import { COMMAND_VIEWS } from '../command/views';
import type { ScreenRegistry } from '../types';
import { DEVICE_ENTITY as entity } from './fields';
import { DEVICE_VIEWS as V, deviceListView } from './views';

/**
 * The device management screens' entities and views by screen name (src/resources/device.ts
 * lists the screens): loaded with the first of them, not with the signed-in shell.
 */
export const DEVICE_SCREENS = {
  deviceList: { entity, view: deviceListView('/device/deviceList') },
  deviceListV2: { entity, view: deviceListView('/device/deviceListV2') },
  userInfo: { entity, view: V.userInfo },
  deviceImport: { entity, view: V.import },
  deviceTransform: { entity, view: V.transfer },
  deviceUpdateTime: { entity, view: V.updateTime },
  deviceUpdateIccid: { entity, view: V.iccidImport },
  deviceUpdateCardIccid: { entity, view: V.cardIccid },
  deviceExportIccid: { entity, view: V.exportIccid },
  // Drawn by its own page (BatchIconPage), which adds the icons' preview.
  deviceBatchIcon: { entity, view: V.iconType },
  deviceUpdateDeviceInfo: { entity, view: V.deviceInfo },
  miltiInfoSearch: { entity, view: V.multiInfo },
  passwordUpdate: { entity, view: V.password },
  deviceReset: { entity, view: V.reset },
  huaXiangDataImport: { entity, view: V.huaxiang },
  multipleCmd: { entity: COMMAND_ENTITY, view: COMMAND_VIEWS.multipleCmd },
  multipleCmdSearch: { entity: COMMAND_ENTITY, view: COMMAND_VIEWS.results },
  offlineCmdImport: { entity: COMMAND_ENTITY, view: COMMAND_VIEWS.offlineImport },
  deviceUpdateDevicesType: { entity, view: V.deviceType },
  deviceUpdateHost: { entity, view: V.host },
  deviceConfig: { entity: COMMAND_ENTITY, view: COMMAND_VIEWS.deviceTypes },
  deviceUpdateZone: { entity, view: V.timezone },
  deviceUpdateExpireType: { entity, view: V.expireType },
} satisfies ScreenRegistry;
