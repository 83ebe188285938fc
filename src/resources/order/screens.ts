import type { ScreenRegistry } from '../types';
import { ORDER_ENTITY } from './fields';
import { ORDER_VIEWS } from './views';

/** The caller's order list by screen name (src/resources/order.ts). */
export const ORDER_SCREENS = {
  orderList: { entity: ORDER_ENTITY, view: ORDER_VIEWS.list },
} satisfies ScreenRegistry;
