import { CloudUploadOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Firmware (OTA): images, upgrade jobs and their per-device progress. */
export const otaResources: ResourceDescriptor[] = [
  screen('otaUpdateListForUser', '/test/otaUpdateListForUser', [P.testOtaLook, P.testOta], {
    icon: CloudUploadOutlined,
  }),
  group('otaGroup', CloudUploadOutlined),
  ...inGroup('otaGroup', [
    screen('otaList', '/test/ota/otaList', [P.testOta]),
    screen('otaHttp', '/test/ota/otaHttp', [P.testOta]),
  ]),
];
