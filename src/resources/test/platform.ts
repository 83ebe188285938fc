import { CloudUploadOutlined, ControlOutlined, SwapOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Firmware (OTA), platform configuration and IP transfer of devices. */
export const platformResources: ResourceDescriptor[] = [
  screen('configPlatformForUser', '/test/configPlatformForUser', [P.testConfigPlatform], {
    icon: ControlOutlined,
  }),
  screen('otaUpdateListForUser', '/test/otaUpdateListForUser', [P.testOtaLook, P.testOta], {
    icon: CloudUploadOutlined,
  }),
  group('otaGroup', CloudUploadOutlined),
  ...inGroup('otaGroup', [
    screen('otaList', '/test/ota/otaList', [P.testOta]),
    screen('otaHttp', '/test/ota/otaHttp', [P.testOta]),
  ]),
  group('transferIpGroup', SwapOutlined),
  ...inGroup('transferIpGroup', [
    screen('transferIp', '/test/transferIp/transferIp', [P.testTransferIp]),
    screen('transferIpResult', '/test/transferIp/transferIpResult', [
      P.testTransferIpResult,
      P.testTransferIp,
    ]),
    screen('transferIpResults', '/test/transferIp/transferIpResults', [
      P.testTransferIpResult,
      P.testTransferIp,
    ]),
  ]),
];
