import type { ScreenRegistry } from '../types';
import { FACTORY_ENTITY as entity } from './fields';
import { FACTORY_VIEWS as V } from './views';

/** The factory's command and settings screens by screen name (src/resources/test/commands.ts). */
export const FACTORY_SCREENS = {
  configPlatformForUser: { entity, view: V.platforms },
  configPlatformBatches: { entity, view: V.batches },
  cmdSend: { entity, view: V.cmdSend },
  sendMutiCmd: { entity, view: V.sendMutiCmd },
  searchResultCmd: { entity, view: V.results },
  deviceBatchManage: { entity, view: V.deviceBatchManage },
  agps: { entity, view: V.agps },
  subscribe: { entity, view: V.subscribe },
  idManager: { entity, view: V.ids },
  idManagerBind: { entity, view: V.bind },
} satisfies ScreenRegistry;
