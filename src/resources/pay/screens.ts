import type { ScreenRegistry } from '../types';
import { PAY_ENTITY as entity } from './fields';
import { PAY_VIEWS as V } from './views';

/**
 * The payment back office and the prepaid card screens by screen name (src/resources/pay.ts,
 * src/resources/card.ts): one entity for both.
 */
export const PAY_SCREENS = {
  payOrders: { entity, view: V.orders },
  wxRefund: { entity, view: V.refund },
  agentAccount: { entity, view: V.accounts },
  renewPrice: { entity, view: V.prices },
  discountCode: { entity, view: V.discountCodes },
  cardAccounts: { entity, view: V.cardAccounts },
  cardRecords: { entity, view: V.cardRecords },
  cardRenew: { entity, view: V.cardRenew },
} satisfies ScreenRegistry;
