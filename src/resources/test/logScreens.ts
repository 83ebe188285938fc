import type { ScreenRegistry } from '../types';
import { LOG_ENTITY as entity, LOG_VIEWS as V } from './logFields';

/** The device log lists by screen name (src/resources/test/logs.ts). */
export const LOG_SCREENS = {
  logSearch: { entity, view: V.logSearch },
  logCmdTask: { entity, view: V.logCmdTask },
  logDeviceState: { entity, view: V.logDeviceState },
} satisfies ScreenRegistry;
