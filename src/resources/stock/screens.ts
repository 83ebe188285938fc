import type { ScreenRegistry } from '../types';
import { STOCK_ENTITY as entity } from './fields';
import { STOCK_VIEWS as V } from './views';

/** The SIM card, stock and ICCID screens by screen name (src/resources/test/logistics.ts). */
export const STOCK_SCREENS = {
  cardSearch: { entity, view: V.match },
  cardClear: { entity, view: V.clear },
  stockDevice: { entity, view: V.stock },
  importDevice: { entity, view: V.stockIn },
  importImei: { entity, view: V.ship },
  stockRemoval: { entity, view: V.removal },
  stockRecords: { entity, view: V.records },
  iccid: { entity, view: V.lookup },
} satisfies ScreenRegistry;
