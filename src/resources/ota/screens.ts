import type { ScreenRegistry } from '../types';
import { FIRMWARE_ENTITY, JOB_ENTITY } from './fields';
import { OTA_VIEWS as V } from './views';

/**
 * The firmware screens by screen name (src/resources/test/ota.ts). The viewer's screen is the
 * jobs list itself: its staff actions need P.testOta.
 */
export const OTA_SCREENS = {
  otaUpdateListForUser: { entity: JOB_ENTITY, view: V.jobs },
  otaList: { entity: JOB_ENTITY, view: V.jobs },
  otaHttp: { entity: FIRMWARE_ENTITY, view: V.firmwares },
} satisfies ScreenRegistry;
