import { eq } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import { ORDER_STATUS } from '../../../src/domain/codes';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { paymentAccounts } from '../../db/schema/payment-accounts';
import { users } from '../../db/schema/users';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadOrder, orderView } from './orders';
import {
  paymentSandboxEnabled,
  providerByName,
  ProviderError,
  sandboxSecret,
  signSandboxWebhook,
  WebhookSignatureError,
  type PaymentEvent,
  type ProviderAccount,
  type ProviderName,
  type WebhookRequest,
} from './providers';
import { eventRefusal } from './notice-rules';
import { applyEvent, orderKey, revertOrder, type Outcome } from './settle';

const providerOf = (o: OrderRow) => providerByName(o.provider as ProviderName);

async function accountOf(db: Db, id: number | null): Promise<ProviderAccount | null> {
  if (id == null) return null;
  const [a] = await db
    .select({ account: paymentAccounts.account })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.id, id));
  return a?.account ?? null;
}

/** The order as lists show it, with its payer's name. */
async function viewOf(db: Db, id: number) {
  const [r] = await db
    .select({ o: orders, payer: users.username })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return orderView(r!.o, r!.payer);
}

/**
 * The order's state for /payResult. While it is still to be paid, the provider is asked once
 * (PayPal: the capture of the approved order; WeChat: the query), so a buyer back from the
 * provider sees success without waiting for the webhook; a provider that cannot be reached
 * leaves it "confirming".
 */
export async function orderStatus(db: Db, auth: AuthContext, orderNo: string) {
  const o = await loadOrder(db, auth, orderNo);
  if (o.status === ORDER_STATUS.toBePaid && !o.closedReason && o.providerOrderId) {
    const provider = providerOf(o);
    try {
      const e = await provider.confirmPayment(
        o.providerOrderId,
        o.orderNo,
        (await accountOf(db, o.paymentAccountId)) ?? {},
      );
      // Our own question to the provider, with the order's account: its answer is the fact.
      if (e) await applyEvent(db, { provider: provider.name, accountId: o.paymentAccountId ?? 0 }, e);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
    }
  }
  return viewOf(db, o.id);
}

/**
 * wxRefund: the whole order back to the payer at the provider, then (once the provider has
 * done it) the order refunded and the days it added taken back, in one transaction. The refund
 * number is fixed per order, so a refund asked twice is one refund at the provider too.
 */
export async function refundOrder(db: Db, auth: AuthContext, orderNo: string, reason?: string) {
  const o = await loadOrder(db, auth, orderNo, true);
  if (o.status !== ORDER_STATUS.completed) throw badRequest('orderNotRefundable');
  const refundNo = o.refundNo ?? `R${o.orderNo}`;
  if (!o.refundNo) await db.update(orders).set({ refundNo }).where(eq(orders.id, o.id));
  const provider = providerOf(o);
  let result;
  try {
    result = await provider.refund(
      {
        orderNo: o.orderNo,
        refundNo,
        transactionId: o.transactionId ?? '',
        amountMinor: o.amountMinor,
        totalMinor: o.amountMinor,
        currency: o.currency,
        reason,
      },
      (await accountOf(db, o.paymentAccountId)) ?? {},
    );
  } catch (e) {
    if (e instanceof ProviderError) throw badRequest('paymentProviderError', { detail: e.message });
    throw e;
  }
  if (result.status === 'done')
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
      if (locked?.status === ORDER_STATUS.completed) await revertOrder(tx, locked, result, new Date());
    });
  return { ...(await viewOf(db, o.id)), refundStatus: result.status };
}

/**
 * A provider's notification: verified with the keys of the payment account named in the notify
 * URL (the one the order gave the provider), which must be enabled and be the order's payee. A
 * payment or refund is then asked of the provider (lookup), and what the provider says is
 * applied, once; the notice's own figures move no money. A forged notice changes nothing.
 */
export async function handleWebhook(
  db: Db,
  name: ProviderName,
  accountId: number,
  req: WebhookRequest,
): Promise<Outcome> {
  // With real providers live, nothing may pose as the sandbox.
  if (name === 'sandbox' && !paymentSandboxEnabled()) throw new AppError(400, 'webhookRejected');
  const provider = providerByName(name);
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, accountId));
  if (!row?.enabled) throw new AppError(400, 'webhookRejected');
  // The sandbox signs with the server's secret, whatever account the order was paid to.
  const account = name === 'sandbox' ? {} : row.account;
  let notice;
  try {
    notice = await provider.verifyWebhook(req, account);
  } catch (e) {
    if (e instanceof WebhookSignatureError || e instanceof ProviderError)
      throw new AppError(400, 'webhookRejected');
    throw e;
  }
  if (!notice) return 'ignored';
  const from = { provider: name, accountId };
  if (notice.kind !== 'paid' && notice.kind !== 'refunded') return applyEvent(db, from, notice);
  const order = await orderNamed(db, notice);
  if (!order) return 'unknownOrder';
  if (eventRefusal(order, from, notice) === 'rejected') return 'rejected';
  let said;
  try {
    said = await provider.lookup(notice, order, account);
  } catch (e) {
    // The provider could not be asked: answer an error, so it delivers the notice again later.
    if (e instanceof ProviderError)
      throw new AppError(502, 'paymentProviderError', undefined, 502, { detail: e.message });
    throw e;
  }
  if (!said || said.kind !== notice.kind || said.orderNo !== order.orderNo) return 'unconfirmed';
  return applyEvent(db, from, {
    ...said,
    eventId: notice.eventId,
    raw: { notice: notice.raw, provider: said.raw },
  });
}

/** The order a notice names. */
async function orderNamed(db: Db, e: PaymentEvent) {
  const by = orderKey(e);
  if (!by) return undefined;
  const [o] = await db.select().from(orders).where(by);
  return o;
}

const SANDBOX_TYPES = {
  paid: 'payment.succeeded',
  failed: 'payment.failed',
  cancelled: 'payment.cancelled',
} as const;

/**
 * The sandbox checkout's buttons: the payer (or the administrator) decides the outcome, and the
 * sandbox sends its signed notification through the same verification as a real provider's.
 */
export async function sandboxPay(
  db: Db,
  auth: AuthContext,
  orderNo: string,
  outcome: keyof typeof SANDBOX_TYPES,
) {
  const o = await loadOrder(db, auth, orderNo);
  if (o.provider !== 'sandbox' || (o.userId !== auth.user.id && !isAdmin(auth.user))) throw notFound();
  const body = {
    id: `sbx-${o.orderNo}-${outcome}`,
    type: SANDBOX_TYPES[outcome],
    orderNo: o.orderNo,
    amountMinor: o.amountMinor,
    currency: o.currency,
    transactionId: `SBX-T-${o.orderNo}`,
  };
  await handleWebhook(
    db,
    'sandbox',
    o.paymentAccountId ?? 0,
    signSandboxWebhook(body, sandboxSecret(), Date.now()),
  );
  return viewOf(db, o.id);
}
