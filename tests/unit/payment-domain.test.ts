import { describe, expect, it } from 'vitest';
import { CARD_TYPE, ORDER_STATUS } from '../../src/domain/codes';
import {
  formatMinor,
  isDiscountCodeFormat,
  LIFETIME_EXPIRY,
  makeOrderNo,
  orderAmount,
  parseMajor,
  payResultState,
  renewedExpiry,
} from '../../src/domain/payment';

const DAY = 86_400_000;
const now = new Date('2026-11-25T12:00:00Z');

describe('renewedExpiry', () => {
  it('adds the card days to an expiry still running', () => {
    const current = new Date(now.getTime() + 10 * DAY);
    expect(renewedExpiry(current, CARD_TYPE.oneYear, now)!.getTime()).toBe(current.getTime() + 365 * DAY);
    expect(renewedExpiry(current, CARD_TYPE.oneMonth, now)!.getTime()).toBe(current.getTime() + 30 * DAY);
  });
  it('counts from now for an expired device or one without expiry: expired time is not paid for', () => {
    const expired = new Date(now.getTime() - 40 * DAY);
    expect(renewedExpiry(expired, CARD_TYPE.halfYear, now)!.getTime()).toBe(now.getTime() + 182 * DAY);
    expect(renewedExpiry(null, CARD_TYPE.threeYears, now)!.getTime()).toBe(now.getTime() + 1095 * DAY);
  });
  it('lifetime runs to the last day of the date pickers, and a lifetime device gains nothing more', () => {
    expect(renewedExpiry(now, CARD_TYPE.lifetime, now)).toEqual(LIFETIME_EXPIRY);
    expect(renewedExpiry(LIFETIME_EXPIRY, CARD_TYPE.oneYear, now)).toBeNull();
    const nearEnd = new Date(LIFETIME_EXPIRY.getTime() - 5 * DAY);
    expect(renewedExpiry(nearEnd, CARD_TYPE.oneYear, now)).toEqual(LIFETIME_EXPIRY);
  });
});

describe('money in minor units', () => {
  it('prices an order exactly, the discount rounded half up to the minor unit', () => {
    expect(orderAmount(10000, 3, null)).toBe(30000);
    expect(orderAmount(10000, 3, 90)).toBe(27000);
    expect(orderAmount(999, 1, 85)).toBe(849); // 849.15
    expect(orderAmount(1, 1, 50)).toBe(1); // 0.5 rounds up
    expect(orderAmount(1999, 7, 33)).toBe(4618); // 4617.69
  });
  it('formats and parses without floating point', () => {
    expect(formatMinor(1999, 'CNY')).toBe('19.99');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(500, 'JPY')).toBe('500');
    expect(parseMajor('100', 'CNY')).toBe(10000);
    expect(parseMajor('0.1', 'CNY')).toBe(10);
    expect(parseMajor('19.99', 'USD')).toBe(1999);
    expect(parseMajor('19.999', 'USD')).toBeNull();
    expect(parseMajor('-1', 'USD')).toBeNull();
    expect(parseMajor('500.5', 'JPY')).toBeNull();
    expect(() => formatMinor(1.5, 'USD')).toThrow(RangeError);
  });
});

describe('discount codes and orders', () => {
  it('accepts 6 to 16 letters or digits in any case', () => {
    expect(isDiscountCodeFormat('spring10')).toBe(true);
    expect(isDiscountCodeFormat(' WELCOME15 ')).toBe(true);
    expect(isDiscountCodeFormat('AB12')).toBe(false);
    expect(isDiscountCodeFormat('a-b-c-d-e')).toBe(false);
    expect(isDiscountCodeFormat('X'.repeat(17))).toBe(false);
  });
  it('derives the pay-result state from the order', () => {
    expect(payResultState({ status: ORDER_STATUS.toBePaid, closedReason: null })).toBe('confirming');
    expect(payResultState({ status: ORDER_STATUS.toBePaid, closedReason: 'cancelled' })).toBe('cancelled');
    expect(payResultState({ status: ORDER_STATUS.toBePaid, closedReason: 'failed' })).toBe('failure');
    expect(payResultState({ status: ORDER_STATUS.completed, closedReason: null })).toBe('success');
    expect(payResultState({ status: ORDER_STATUS.refunded, closedReason: null })).toBe('refunded');
  });
  it('numbers orders by time with six random digits', () => {
    expect(makeOrderNo(now, () => 0.0421)).toBe('FG20261125120000042100');
  });
});
