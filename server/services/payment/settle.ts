import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS } from '../../../src/domain/codes';
import { isCardType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { orderRenewals } from '../../db/schema/order-renewals';
import { orders, type OrderRow } from '../../db/schema/orders';
import { paymentEvents } from '../../db/schema/payment-events';
import { extendExpiry, shortenExpiry } from '../cards/extend';
import { clearCountCache } from '../devices/count-cache';
import { releaseCode } from './discount';
import { eventRefusal, type EventSource, type Outcome } from './notice-rules';
import type { PaymentEvent } from './providers';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type { Outcome } from './notice-rules';

/** How an event names its order: by our order number, else by the provider's id of it. */
export function orderKey(e: Pick<PaymentEvent, 'orderNo' | 'providerOrderId'>) {
  if (e.orderNo) return eq(orders.orderNo, e.orderNo);
  return e.providerOrderId ? eq(orders.providerOrderId, e.providerOrderId) : null;
}

async function lockOrder(tx: Tx, e: Pick<PaymentEvent, 'orderNo' | 'providerOrderId'>) {
  const by = orderKey(e);
  if (!by) return undefined;
  const [row] = await tx.select().from(orders).where(by).for('update');
  return row;
}

/** Completes an order still to be paid: every target renewed, and what each gained kept. */
async function complete(tx: Tx, order: OrderRow, e: PaymentEvent, now: Date) {
  if (!isCardType(order.rechargeType)) return;
  let first: Date | null = null;
  for (const terminalId of order.rechargeTarget) {
    const [d] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.terminalId, terminalId));
    if (!d) continue;
    const ext = await extendExpiry(tx, d.id, order.rechargeType, now);
    if (!ext) continue;
    first ??= ext.after;
    await tx.insert(orderRenewals).values({
      orderId: order.id,
      terminalId,
      deviceId: d.id,
      expireBefore: ext.before,
      expireAfter: ext.after,
      userExpireBefore: ext.userBefore ?? null,
      userExpireAfter: ext.userAfter ?? null,
    });
  }
  await tx
    .update(orders)
    .set({
      status: ORDER_STATUS.completed,
      closedReason: null,
      paidAt: now,
      expireTime: first,
      transactionId: e.transactionId ?? order.transactionId,
    })
    .where(eq(orders.id, order.id));
}

/** Refunds a completed order: status and the days it added taken back, in one transaction. */
export async function revertOrder(tx: Tx, order: OrderRow, refund: { refundId?: string }, now: Date) {
  const flipped = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.refunded, refundedAt: now, refundId: refund.refundId ?? order.refundId })
    .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.completed)))
    .returning({ status: orders.status });
  if (!flipped.length) return;
  const done = await tx.select().from(orderRenewals).where(eq(orderRenewals.orderId, order.id));
  for (const r of done)
    if (r.deviceId != null)
      await shortenExpiry(
        tx,
        r.deviceId,
        {
          before: r.expireBefore,
          after: r.expireAfter,
          userBefore: r.userExpireBefore,
          userAfter: r.userExpireAfter,
        },
        order.paidAt ?? now,
      );
}

/**
 * Applies one verified provider event, exactly once: the event's id is stored first in the same
 * transaction, so a webhook delivered again (or 50 times at once) finds it and changes nothing;
 * the order row is locked, so a capture on return and a webhook for the same payment cannot
 * both renew. An event naming no order of ours changes nothing; one that does not come from the
 * order's provider and payee account, or whose amount is missing or not the order's, applies
 * nothing (eventRefusal).
 */
export async function applyEvent(
  db: Db,
  from: EventSource,
  e: PaymentEvent,
  now = new Date(),
): Promise<Outcome> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const order = await lockOrder(tx, e);
    if (!order) return 'unknownOrder';
    const refusal = eventRefusal(order, from, e);
    // Nothing is kept from a source with no say over the order: its event id must not stand in
    // the way of the real provider's event with the same id.
    if (refusal === 'rejected') return refusal;
    const stored = await tx
      .insert(paymentEvents)
      .values({
        provider: from.provider,
        eventId: e.eventId,
        kind: e.kind,
        orderId: order.id,
        payload: e.raw as object,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!stored.length) return 'duplicate';
    if (refusal) return refusal;
    if (e.kind === 'paid') await complete(tx, order, e, now);
    else if (e.kind === 'refunded') await revertOrder(tx, order, { refundId: e.refundId }, now);
    else {
      // failed or cancelled: the open order is closed, and its code is free again.
      await tx.update(orders).set({ closedReason: e.kind }).where(eq(orders.id, order.id));
      await releaseCode(tx, order.id);
    }
    return 'applied';
  });
  if (outcome === 'applied') clearCountCache();
  return outcome;
}
