import { ORDER_STATUS } from '../../../src/domain/codes';
import { ORDER_CLOSED } from '../../../src/domain/payment';
import type { OrderRow } from '../../db/schema/orders';
import type { PaymentEvent, ProviderName } from './providers';

/**
 * What a payment event did to its order. mismatch: the amount or currency is missing or not the
 * order's; rejected: the order is not payable to the notifying account or not through this
 * provider; unconfirmed: the provider, asked, does not confirm what the notice says.
 */
export const OUTCOMES = [
  'applied',
  'duplicate',
  'unknownOrder',
  'mismatch',
  'rejected',
  'unconfirmed',
  'ignored',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type NoticeOrder = Pick<
  OrderRow,
  'provider' | 'paymentAccountId' | 'status' | 'closedReason' | 'amountMinor' | 'currency'
>;

/** Where an event came from: the provider and the payment account it is addressed to. */
export interface EventSource {
  provider: ProviderName;
  accountId: number;
}

const sameMoney = (e: PaymentEvent, o: NoticeOrder) =>
  e.amountMinor === o.amountMinor && !!e.currency && e.currency.toUpperCase() === o.currency.toUpperCase();

/**
 * Whether an event may change its order, and if not, why: it must come from the order's own
 * provider through the account the order is payable to, and a payment or refund must carry the
 * order's whole amount in its currency (we take whole payments and make whole refunds only).
 * null: apply it. Pure, so the rule is unit-tested apart from the database.
 */
export function eventRefusal(order: NoticeOrder, from: EventSource, e: PaymentEvent): Outcome | null {
  if (order.provider !== from.provider || order.paymentAccountId !== from.accountId) return 'rejected';
  if (e.kind === 'paid') {
    // A cancelled order was given up by its payer; one closed as expired still takes money that
    // arrives late, so the payment is not lost.
    if (order.status !== ORDER_STATUS.toBePaid || order.closedReason === ORDER_CLOSED.cancelled)
      return 'ignored';
    return sameMoney(e, order) ? null : 'mismatch';
  }
  if (e.kind === 'refunded') {
    if (order.status !== ORDER_STATUS.completed) return 'ignored';
    return sameMoney(e, order) ? null : 'mismatch';
  }
  // failed or cancelled: only an order still open is closed.
  return order.status !== ORDER_STATUS.toBePaid || order.closedReason ? 'ignored' : null;
}
