import { and, count, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import { ORDER_STATUS } from '../../../src/domain/codes';
import { makeOrderNo, ORDER_CLOSED, ORDER_PAY_WINDOW_MS, payResultState } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { scopeOf } from '../scope';
import { claimCode, releaseCode } from './discount';
import { providerFor, ProviderError, type CreatedPayment } from './providers';
import { quoteOrder, quoteView, type OrderRequest } from './quote';

/** Where the provider sends the buyer back and posts its notifications. */
export interface Urls {
  origin: string;
}

/**
 * Creates an order and its payment at the provider. The order (with its discount code claimed)
 * is written first, so a provider that answers slowly or not at all leaves a closed order, not
 * a payment without one; the code goes back when the provider refuses.
 */
export async function createOrder(db: Db, auth: AuthContext, r: OrderRequest, urls: Urls) {
  const now = new Date();
  await closeStaleOrders(db, now);
  const q = await quoteOrder(db, auth, r);
  const provider = providerFor(r.paymentType);
  const order = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        orderNo: makeOrderNo(now, Math.random),
        amountMinor: q.amountMinor,
        currency: q.currency,
        userId: auth.user.id,
        agentId: q.payee.agent.id,
        paymentAccountId: q.accountId,
        paymentType: r.paymentType,
        provider: provider.name,
        rechargeType: r.rechargeType,
        rechargeTarget: q.devices.map((d) => d.terminalId),
        days: q.days,
        unitPriceMinor: q.unitPriceMinor,
      })
      .returning();
    if (!r.discountCode) return row!;
    const rate = await claimCode(tx, r.discountCode, q.payee.agent.id, auth.user.id, row!.id, now);
    const [withCode] = await tx
      .update(orders)
      .set({ discountCode: r.discountCode.trim().toUpperCase(), discountRate: rate })
      .where(eq(orders.id, row!.id))
      .returning();
    return withCode!;
  });
  const account = q.payee.accounts.find((a) => a.id === q.accountId)!;
  let created: CreatedPayment;
  try {
    created = await provider.createPayment(
      {
        orderNo: order.orderNo,
        amountMinor: order.amountMinor,
        currency: order.currency,
        description: `Renewal of ${q.devices.length} device(s)`,
        returnUrl: `${urls.origin}/payResult?orderNo=${order.orderNo}`,
        cancelUrl: `${urls.origin}/payResult?orderNo=${order.orderNo}&cancel=1`,
        notifyUrl: `${urls.origin}/api/pay/notify/${provider.name}/${account.id}`,
      },
      account.account,
    );
  } catch (e) {
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ closedReason: ORDER_CLOSED.failed }).where(eq(orders.id, order.id));
      await releaseCode(tx, order.id);
    });
    if (e instanceof ProviderError) throw badRequest('paymentProviderError', { detail: e.message });
    throw new AppError(502, 'orderCreateFailed');
  }
  await db.update(orders).set({ providerOrderId: created.providerOrderId }).where(eq(orders.id, order.id));
  return {
    orderNo: order.orderNo,
    ...quoteView({ ...q, amountMinor: order.amountMinor, discountRate: order.discountRate }),
    approveUrl: created.approveUrl ?? null,
    codeUrl: created.codeUrl ?? null,
    payParams: created.payParams ?? null,
  };
}

/**
 * Orders left unpaid past the pay window are closed as expired and give their discount codes
 * back. Run before a new order claims a code; a payment that still arrives for one completes it.
 */
export async function closeStaleOrders(db: Db, now: Date) {
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(orders)
      .set({ closedReason: ORDER_CLOSED.expired })
      .where(
        and(
          eq(orders.status, ORDER_STATUS.toBePaid),
          isNull(orders.closedReason),
          lt(orders.createdAt, new Date(now.getTime() - ORDER_PAY_WINDOW_MS)),
        ),
      )
      .returning({ id: orders.id });
    for (const o of closed) await releaseCode(tx, o.id);
  });
}

export interface OrderFilter {
  orderNo?: string;
  status?: number;
  paymentType?: number;
  startTime?: string;
  endTime?: string;
}

/**
 * Orders the caller paid (`mine`, order/list) or the orders paid to accounts of its subtree
 * (pay/orders; the administrator sees all).
 */
export async function listOrders(db: Db, auth: AuthContext, f: OrderFilter & PageParams, mine: boolean) {
  const c: (SQL | undefined)[] = [];
  if (mine) c.push(eq(orders.userId, auth.user.id));
  else if (!isAdmin(auth.user))
    c.push(inArray(orders.agentId, db.select({ id: users.id }).from(users).where(scopeOf(auth))));
  if (f.orderNo) c.push(eq(orders.orderNo, f.orderNo.trim()));
  if (f.status) c.push(eq(orders.status, f.status));
  if (f.paymentType) c.push(eq(orders.paymentType, f.paymentType));
  if (f.startTime) c.push(gte(orders.createdAt, new Date(f.startTime)));
  if (f.endTime) c.push(lt(orders.createdAt, new Date(f.endTime)));
  const where = and(...c);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const { limit, offset } = pageWindow(f);
  const rows = await db
    .select({ o: orders, payer: users.username })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map((r) => orderView(r.o, r.payer)), total: Number(total) };
}

export function orderView(o: OrderRow, payer?: string | null) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    amountMinor: o.amountMinor,
    currency: o.currency,
    payer: payer ?? null,
    paymentType: o.paymentType,
    provider: o.provider,
    rechargeType: o.rechargeType,
    rechargeTarget: o.rechargeTarget.join(', '),
    devices: o.rechargeTarget.length,
    discountCode: o.discountCode,
    discountRate: o.discountRate,
    expireTime: o.expireTime,
    days: o.days,
    unitPriceMinor: o.unitPriceMinor,
    status: o.status,
    closedReason: o.closedReason,
    state: payResultState(o),
    transactionId: o.transactionId,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    refundedAt: o.refundedAt,
  };
}

/** Whether the order was paid to an account of the caller's subtree (the administrator: any). */
async function paidToCaller(db: Db, auth: AuthContext, o: OrderRow): Promise<boolean> {
  if (isAdmin(auth.user)) return true;
  const [inTree] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, o.agentId ?? -1), scopeOf(auth)));
  return Boolean(inTree);
}

/**
 * One order the caller paid, or one paid to its subtree; `payeeOnly`: only the side that was
 * paid (refunds). Any other order is "not found".
 */
export async function loadOrder(
  db: Db,
  auth: AuthContext,
  orderNo: string,
  payeeOnly = false,
): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo.trim()));
  if (!o) throw notFound();
  if (!payeeOnly && o.userId === auth.user.id) return o;
  if (!(await paidToCaller(db, auth, o))) throw notFound();
  return o;
}

/** The payer closes an order it will not pay; its discount code is free again. */
export async function cancelOrder(db: Db, auth: AuthContext, orderNo: string) {
  const o = await loadOrder(db, auth, orderNo);
  if (o.userId !== auth.user.id && !isAdmin(auth.user)) throw notFound();
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ closedReason: ORDER_CLOSED.cancelled })
      .where(and(eq(orders.id, o.id), eq(orders.status, ORDER_STATUS.toBePaid), isNull(orders.closedReason)))
      .returning({ id: orders.id });
    if (!rows.length) throw badRequest('orderNotPayable');
    await releaseCode(tx, o.id);
  });
  return orderView({ ...o, closedReason: ORDER_CLOSED.cancelled });
}
