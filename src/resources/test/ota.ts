import { CloudUploadOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/**
 * Firmware (OTA): images, upgrade jobs and their per-device progress. Hand-written pages: the
 * progress is read again every few seconds and a job opens its devices, and the upload sends a
 * file, which the generic forms do not (src/pages/test/ota, docs/factory/ota.md).
 */
export const otaResources: ResourceDescriptor[] = [
  screen('otaUpdateListForUser', '/test/otaUpdateListForUser', [P.testOtaLook, P.testOta], {
    icon: CloudUploadOutlined,
    page: lazy(() => import('../../pages/test/ota/OtaViewerPage')),
  }),
  group('otaGroup', CloudUploadOutlined),
  ...inGroup('otaGroup', [
    screen('otaList', '/test/ota/otaList', [P.testOta], {
      page: lazy(() => import('../../pages/test/ota/OtaJobsPage')),
    }),
    screen('otaHttp', '/test/ota/otaHttp', [P.testOta], {
      page: lazy(() => import('../../pages/test/ota/OtaFirmwarePage')),
    }),
  ]),
];
