import { CloudUploadOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { FIRMWARE_ENTITY, JOB_ENTITY } from '../ota/fields';
import { OTA_VIEWS as V } from '../ota/views';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/**
 * Firmware (OTA): images, upgrade jobs and their per-device progress, as descriptors; only the
 * per-device progress a job row opens is hand-written (src/pages/test/ota, docs/factory/ota.md).
 * The viewer's screen is the jobs list without the staff actions (they need P.testOta).
 */
export const otaResources: ResourceDescriptor[] = [
  screen('otaUpdateListForUser', '/test/otaUpdateListForUser', [P.testOtaLook, P.testOta], {
    icon: CloudUploadOutlined,
    entity: JOB_ENTITY,
    view: V.jobs,
  }),
  group('otaGroup', CloudUploadOutlined),
  ...inGroup('otaGroup', [
    screen('otaList', '/test/ota/otaList', [P.testOta], { entity: JOB_ENTITY, view: V.jobs }),
    screen('otaHttp', '/test/ota/otaHttp', [P.testOta], { entity: FIRMWARE_ENTITY, view: V.firmwares }),
  ]),
];
