import type { ScreenRegistry } from '../types';
import { DEMO_ACCOUNT_ENTITY, DEMO_ACCOUNT_VIEW } from './demoAccount';
import { MAP_KEY_ENTITY, MAP_KEY_VIEW } from './mapKey';

/** The platform settings forms by screen name (src/resources/system.ts). */
export const SYSTEM_SCREENS = {
  demoAccountSet: { entity: DEMO_ACCOUNT_ENTITY, view: DEMO_ACCOUNT_VIEW },
  mapKey: { entity: MAP_KEY_ENTITY, view: MAP_KEY_VIEW },
} satisfies ScreenRegistry;
