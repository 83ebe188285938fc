import type { ScreenRegistry } from '../types';
import { QC_ENTITY as entity } from './fields';
import { QC_VIEWS as V } from './views';

/** The quality control screens by screen name (src/resources/test/quality.ts). */
export const QC_SCREENS = {
  qcSearch: { entity, view: V.search },
  qcExport: { entity, view: V.export },
  testSearch: { entity, view: V.terminal },
  serialResultManager: { entity, view: V.serial },
  serialResultManagerV2: { entity, view: V.serialV2 },
  serialGPSResultManager: { entity, view: V.gps },
  serialResultV1: { entity, view: V.uploadSerial },
  serialResultV2: { entity, view: V.uploadGps },
  serialConfigList: { entity, view: V.configs },
} satisfies ScreenRegistry;
