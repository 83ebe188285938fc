import { and, eq } from 'drizzle-orm';
import { CARD_DAYS, orderAmount, type CardType, type PaymentType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import type { DeviceRow } from '../../db/schema/devices';
import { renewPrices } from '../../db/schema/renew-prices';
import type { UserRow } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDevicesInScope } from '../device-scope';
import { peekCode } from './discount';
import { payeeOf, type Payee } from './payee';

export interface OrderRequest {
  terminalIDs: string[];
  rechargeType: CardType;
  paymentType: PaymentType;
  discountCode?: string;
}

export interface Quote {
  payer: UserRow;
  payee: Payee;
  accountId: number;
  devices: DeviceRow[];
  unitPriceMinor: number;
  currency: string;
  days: number;
  discountRate: number | null;
  amountMinor: number;
}

/**
 * What an order would cost, checked as creating it would check: every device the payer's, a
 * payee taking this payment type, its price for the period, and the discount code usable.
 */
export async function quoteOrder(db: Db, auth: AuthContext, r: OrderRequest): Promise<Quote> {
  const ids = [...new Set(r.terminalIDs.map((t) => t.trim()).filter(Boolean))];
  if (!ids.length) throw badRequest('deviceListEmpty');
  const found = await loadDevicesInScope(db, auth, ids);
  if (found.size !== ids.length) throw notFound();
  const payee = await payeeOf(db, auth.user);
  const account = payee?.accounts.find((a) => a.type === r.paymentType);
  if (!payee || !account) throw badRequest('payNotAllowed');
  const [price] = await db
    .select()
    .from(renewPrices)
    .where(and(eq(renewPrices.userId, payee.agent.id), eq(renewPrices.cardType, r.rechargeType)));
  if (!price) throw badRequest('renewPriceMissing');
  const discountRate = r.discountCode ? await peekCode(db, r.discountCode, payee.agent.id) : null;
  return {
    payer: auth.user,
    payee,
    accountId: account.id,
    devices: ids.map((t) => found.get(t)!),
    unitPriceMinor: price.priceMinor,
    currency: price.currency,
    days: CARD_DAYS[r.rechargeType] ?? 0,
    discountRate,
    amountMinor: orderAmount(price.priceMinor, ids.length, discountRate),
  };
}

/** The quote as the browser sees it. */
export const quoteView = (q: Quote) => ({
  agent: q.payee.agent,
  devices: q.devices.length,
  unitPriceMinor: q.unitPriceMinor,
  currency: q.currency,
  days: q.days,
  discountRate: q.discountRate,
  amountMinor: q.amountMinor,
});
