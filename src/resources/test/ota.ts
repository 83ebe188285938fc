import { CloudUploadOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

const generic = () => import('../ota/screens').then((m) => m.OTA_SCREENS);

/**
 * Firmware (OTA): images, upgrade jobs and their per-device progress, as descriptors; only the
 * per-device progress a job row opens is hand-written (src/pages/test/ota, docs/factory/ota.md).
 * The viewer's screen is the jobs list without the staff actions (they need P.testOta).
 */
export const otaResources: ResourceDescriptor[] = [
  screen('otaUpdateListForUser', '/test/otaUpdateListForUser', [P.testOtaLook, P.testOta], {
    icon: CloudUploadOutlined,
    generic,
  }),
  group('otaGroup', CloudUploadOutlined),
  ...inGroup('otaGroup', [
    screen('otaList', '/test/ota/otaList', [P.testOta], { generic }),
    screen('otaHttp', '/test/ota/otaHttp', [P.testOta], { generic }),
  ]),
];
