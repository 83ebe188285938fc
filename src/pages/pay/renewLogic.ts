/**
 * Pure parts of online renewal (issue 14): the renew page's links and preselection, the quote as
 * the page shows it, and where the sandbox checkout may send the buyer back. No React here, so
 * the unit tests run them in node.
 */
import { CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from '../../domain/codes';
import {
  CARD_TYPES,
  PAYMENT_TYPES,
  formatMinor,
  orderAmount,
  type CardType,
  type Currency,
  type PaymentType,
} from '../../domain/payment';

export const RENEW_PATH = '/index/order/renew';
export const ORDER_LIST_PATH = '/index/order/list';

/** Names of the card types, the keys of `order:cardTypes.*`. */
export const CARD_TYPE_NAMES: Readonly<Record<CardType, string>> = Object.fromEntries(
  Object.entries(CARD_TYPE).map(([name, value]) => [value, name]),
) as Record<CardType, string>;

/** Keys of `order:paymentTypes.*`. */
export const PAYMENT_TYPE_NAMES: Readonly<Record<PaymentType, string>> = {
  [PAYMENT_TYPE.paypal]: 'paypal',
  [PAYMENT_TYPE.weixinMiniprogram]: 'wechat',
};

/** "100.00 CNY": integer minor units in, the currency's decimals out; null for no amount. */
export function moneyText(minor: unknown, currency: unknown): string | null {
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor) || minor < 0) return null;
  const cur = typeof currency === 'string' && currency ? currency : 'CNY';
  return `${formatMinor(minor, cur as Currency)} ${cur}`;
}

/** What the renew page starts with: devices, period, payment method and a code (pay again). */
export interface RenewPrefill {
  terminalIDs: string[];
  rechargeType?: CardType;
  paymentType?: PaymentType;
  discountCode?: string;
}

/** The renew page preselected: `?terminalID=a&terminalID=b&rechargeType=2…`. */
export function renewLink(p: Partial<RenewPrefill> = {}): string {
  const q = new URLSearchParams();
  for (const t of p.terminalIDs ?? []) q.append('terminalID', t);
  if (p.rechargeType != null) q.set('rechargeType', String(p.rechargeType));
  if (p.paymentType != null) q.set('paymentType', String(p.paymentType));
  if (p.discountCode) q.set('discountCode', p.discountCode);
  const s = q.toString();
  return s ? `${RENEW_PATH}?${s}` : RENEW_PATH;
}

/** The preselection a link carries; values that are no card or payment type are dropped. */
export function parseRenewQuery(q: URLSearchParams): RenewPrefill {
  const ids = q
    .getAll('terminalID')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const rt = Number(q.get('rechargeType'));
  const pt = Number(q.get('paymentType'));
  const code = q.get('discountCode')?.trim();
  return {
    terminalIDs: [...new Set(ids)],
    ...((CARD_TYPES as readonly number[]).includes(rt) ? { rechargeType: rt as CardType } : {}),
    ...((PAYMENT_TYPES as readonly number[]).includes(pt) ? { paymentType: pt as PaymentType } : {}),
    ...(code ? { discountCode: code } : {}),
  };
}

/** Pay again: an order list row back to the renew page's preselection. */
export function prefillOfOrder(row: Record<string, unknown>): RenewPrefill {
  const targets = String(row.rechargeTarget ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    terminalIDs: targets,
    rechargeType: row.rechargeType as CardType,
    paymentType: row.paymentType as PaymentType,
    ...(typeof row.discountCode === 'string' && row.discountCode ? { discountCode: row.discountCode } : {}),
  };
}

/** An order still open for payment: to be paid and not closed (cancelled, failed, expired). */
export const isOpenOrder = (row: Record<string, unknown>) =>
  row.status === ORDER_STATUS.toBePaid && !row.closedReason;

export interface RenewValues {
  terminalIDs?: string[];
  rechargeType?: number;
  paymentType?: number;
  discountCode?: string;
}

/** The quote/create request of the form, or null while something the server needs is missing. */
export function orderRequest(v: RenewValues) {
  if (!v.terminalIDs?.length || v.rechargeType == null || v.paymentType == null) return null;
  const code = v.discountCode?.trim().toUpperCase();
  return {
    terminalIDs: v.terminalIDs,
    rechargeType: v.rechargeType,
    paymentType: v.paymentType,
    ...(code ? { discountCode: code } : {}),
  };
}

/** POST /order/quote's answer (quoteView on the server). */
export interface Quote {
  agent: { id: number; username: string; nickname: string | null };
  devices: number;
  unitPriceMinor: number;
  currency: string;
  days: number;
  discountRate: number | null;
  amountMinor: number;
}

/** The quote's lines as shown: unit price, subtotal, what the code takes off, total. */
export function quoteLines(q: Quote) {
  const gross = orderAmount(q.unitPriceMinor, q.devices, null);
  return {
    unit: moneyText(q.unitPriceMinor, q.currency)!,
    subtotal: moneyText(gross, q.currency)!,
    discount: q.discountRate == null ? null : `-${moneyText(gross - q.amountMinor, q.currency)}`,
    total: moneyText(q.amountMinor, q.currency)!,
  };
}

/** Errors about the discount code are shown under its input; others above the quote. */
export const DISCOUNT_ERRORS: readonly string[] = [
  'discountCodeUsed',
  'discountCodeNotFound',
  'discountCodeFormat',
];

/**
 * Where the sandbox checkout sends the buyer back: the provider's return or cancel URL, only
 * when it is this site (never an open redirect); otherwise the result page of the order.
 */
export function returnPath(url: string | null, origin: string, orderNo: string): string {
  const fallback = `/payResult?orderNo=${encodeURIComponent(orderNo)}`;
  if (!url) return fallback;
  try {
    const u = new URL(url, origin);
    if (u.origin !== origin || u.pathname !== '/payResult') return fallback;
    return `${u.pathname}${u.search}`;
  } catch {
    return fallback;
  }
}
