import type { ScreenRegistry } from '../types';
import { TRANSFER_ENTITY as entity } from './fields';
import { TRANSFER_VIEWS as V } from './views';

/** The IP transfer screens by screen name (src/resources/test/transfer.ts). */
export const TRANSFER_SCREENS = {
  transferIp: { entity, view: V.send },
  transferIpResult: { entity, view: V.devices },
  transferIpResults: { entity, view: V.transfers },
} satisfies ScreenRegistry;
