import { CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from './codes';

/**
 * Renewals and payments (issue 14): card validity, prices in integer minor units, discount
 * codes and the order states, shared by the server, the screens and the tests.
 */

export type CardType = (typeof CARD_TYPE)[keyof typeof CARD_TYPE];
export const CARD_TYPES: readonly CardType[] = [
  CARD_TYPE.oneMonth,
  CARD_TYPE.halfYear,
  CARD_TYPE.oneYear,
  CARD_TYPE.twoYears,
  CARD_TYPE.threeYears,
  CARD_TYPE.lifetime,
];
export const isCardType = (n: number): n is CardType => (CARD_TYPES as readonly number[]).includes(n);

/** Days one card (or one paid period) adds; lifetime moves the expiry to LIFETIME_EXPIRY. */
export const CARD_DAYS: Readonly<Record<CardType, number | null>> = {
  [CARD_TYPE.oneMonth]: 30,
  [CARD_TYPE.halfYear]: 182,
  [CARD_TYPE.oneYear]: 365,
  [CARD_TYPE.twoYears]: 730,
  [CARD_TYPE.threeYears]: 1095,
  [CARD_TYPE.lifetime]: null,
};

/** The spec's date pickers end at 2099-12-31: a lifetime subscription lasts until then. */
export const LIFETIME_EXPIRY = new Date('2099-12-31T23:59:59Z');
const DAY_MS = 86_400_000;

/**
 * The platform expiry after one renewal: the card's days counted from the current expiry, or
 * from now when the device has already expired (expired time is not paid for). null: the
 * device already runs until LIFETIME_EXPIRY, so a renewal would add nothing.
 */
export function renewedExpiry(current: Date | null, cardType: CardType, now: Date): Date | null {
  if (current && current.getTime() >= LIFETIME_EXPIRY.getTime()) return null;
  const days = CARD_DAYS[cardType];
  if (days == null) return LIFETIME_EXPIRY;
  const from = current && current.getTime() > now.getTime() ? current.getTime() : now.getTime();
  return new Date(Math.min(from + days * DAY_MS, LIFETIME_EXPIRY.getTime()));
}

/** Card counts of one account, by type; types it holds none of are absent or 0. */
export type CardCounts = Partial<Record<CardType, number>>;

/** Most cards one grant or transfer may move, and most devices one card batch may renew. */
export const CARD_MOVE_MAX = 100_000;
export const CARD_RENEW_BATCH_MAX = 10_000;

// ---- money ----

/** Highest amount one order may reach, in minor units (10 million in the major unit). */
export const AMOUNT_MINOR_MAX = 1_000_000_000;
export const CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'GBP',
  'HKD',
  'JPY',
  'INR',
  'THB',
  'VND',
  'RUB',
  'BRL',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Decimal places of a currency's minor unit where it is not 2. PayPal accepts no decimals for
 * HUF and TWD, so for us their minor unit is the whole unit.
 */
const EXPONENT: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  HUF: 0,
  TWD: 0,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
};
export const currencyExponent = (currency: string) => EXPONENT[currency.toUpperCase()] ?? 2;

/** 1999 CNY → "19.99", 5 → "0.05", 500 JPY → "500": integer arithmetic only, never 19.989999. */
export function formatMinor(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`amount must be a non-negative integer of minor units, got ${amountMinor}`);
  const exp = currencyExponent(currency);
  if (exp === 0) return String(amountMinor);
  const digits = String(amountMinor).padStart(exp + 1, '0');
  return `${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

/**
 * "19.99" CNY → 1999, "500" JPY → 500; null for anything that is not an exact amount of the
 * currency (trailing zeros beyond its decimals are harmless, other digits would be lost).
 */
export function parseMajor(text: string, currency: string): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  const exp = currencyExponent(currency);
  const frac = m?.[2] ?? '';
  if (!m || /[1-9]/.test(frac.slice(exp))) return null;
  const minor = Number(m[1] + frac.slice(0, exp).padEnd(exp, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * What an order costs: unit price times devices, then the discount (a rate in percent of the
 * price paid: 90 = 10% off), rounded half up to the minor unit, all in integers.
 */
export function orderAmount(unitPriceMinor: number, devices: number, discountRate: number | null): number {
  const gross = unitPriceMinor * devices;
  if (discountRate == null) return gross;
  return Math.floor((gross * discountRate + 50) / 100);
}

// ---- discount codes ----

/** Letters and digits, 6 to 16, compared in upper case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9]{6,16}$/;
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();
export const isDiscountCodeFormat = (code: string) => DISCOUNT_CODE_PATTERN.test(normalizeDiscountCode(code));
/** Percent of the price paid: 1 (99% off) to 99 (1% off). */
export const DISCOUNT_RATE_MIN = 1;
export const DISCOUNT_RATE_MAX = 99;
export const DISCOUNT_BATCH_MAX = 1000;
export const DISCOUNT_CODE_STATUS = { disabled: 0, enabled: 1 } as const;
/** Generated codes avoid 0/O and 1/I so they can be read out over the phone. */
export const DISCOUNT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const DISCOUNT_GENERATED_LENGTH = 10;

// ---- orders ----

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];
export const PAYMENT_TYPES: readonly PaymentType[] = [PAYMENT_TYPE.paypal, PAYMENT_TYPE.weixinMiniprogram];
/** Devices one order may renew. */
export const ORDER_DEVICES_MAX = 500;
/** An unpaid order is closed after this long; its discount code is free again. */
export const ORDER_PAY_WINDOW_MS = 2 * 3600_000;

/** Why an order still to be paid was closed: the payer cancelled, or the provider refused. */
export const ORDER_CLOSED = { cancelled: 'cancelled', failed: 'failed', expired: 'expired' } as const;
export type OrderClosed = (typeof ORDER_CLOSED)[keyof typeof ORDER_CLOSED];

/** The states of the /payResult page (spec section 4): confirming, then one of the others. */
export type PayResultState = 'confirming' | 'success' | 'failure' | 'cancelled' | 'refunded';

export function payResultState(order: { status: number; closedReason: string | null }): PayResultState {
  if (order.status === ORDER_STATUS.completed) return 'success';
  if (order.status === ORDER_STATUS.refunded) return 'refunded';
  if (order.closedReason === ORDER_CLOSED.cancelled) return 'cancelled';
  if (order.closedReason) return 'failure';
  return 'confirming';
}

/** Order numbers: FG, the UTC date and time to the second, and six random digits. */
export function makeOrderNo(now: Date, random: () => number): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `FG${stamp}${String(Math.floor(random() * 1e6)).padStart(6, '0')}`;
}
