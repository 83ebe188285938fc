import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../src/domain/codes';
import { eventRefusal, type NoticeOrder } from '../../../server/services/payment/notice-rules';
import type { PaymentEvent } from '../../../server/services/payment/providers';

const order: NoticeOrder = {
  provider: 'wechat',
  paymentAccountId: 7,
  status: ORDER_STATUS.toBePaid,
  closedReason: null,
  amountMinor: 10000,
  currency: 'CNY',
};
const from = { provider: 'wechat' as const, accountId: 7 };
const paid: PaymentEvent = { eventId: 'e1', kind: 'paid', orderNo: 'N1', amountMinor: 10000, currency: 'CNY', raw: {} };
const refunded: PaymentEvent = { ...paid, kind: 'refunded' };
const completed = { ...order, status: ORDER_STATUS.completed };

describe('eventRefusal', () => {
  it('applies a whole payment from the order’s own provider and payee account', () => {
    expect(eventRefusal(order, from, paid)).toBeNull();
    expect(eventRefusal(order, from, { ...paid, currency: 'cny' })).toBeNull();
    expect(eventRefusal(completed, from, refunded)).toBeNull();
  });

  it('rejects an event from another account or another provider', () => {
    expect(eventRefusal(order, { ...from, accountId: 8 }, paid)).toBe('rejected');
    expect(eventRefusal(order, { ...from, provider: 'paypal' }, paid)).toBe('rejected');
    expect(eventRefusal({ ...order, paymentAccountId: null }, from, paid)).toBe('rejected');
    // Even a closing event: nobody but the payee's provider closes an order.
    expect(eventRefusal(order, { ...from, accountId: 8 }, { ...paid, kind: 'cancelled' })).toBe('rejected');
  });

  it('applies no payment or refund without the order’s amount and currency', () => {
    expect(eventRefusal(order, from, { ...paid, amountMinor: undefined })).toBe('mismatch');
    expect(eventRefusal(order, from, { ...paid, currency: undefined })).toBe('mismatch');
    expect(eventRefusal(order, from, { ...paid, amountMinor: 1 })).toBe('mismatch');
    expect(eventRefusal(order, from, { ...paid, currency: 'USD' })).toBe('mismatch');
    expect(eventRefusal(completed, from, { ...refunded, amountMinor: undefined })).toBe('mismatch');
    // A partial refund takes back no days: we refund whole orders only.
    expect(eventRefusal(completed, from, { ...refunded, amountMinor: 5000 })).toBe('mismatch');
  });

  it('pays no cancelled order, but still a late payment of an expired one', () => {
    expect(eventRefusal({ ...order, closedReason: 'cancelled' }, from, paid)).toBe('ignored');
    expect(eventRefusal({ ...order, closedReason: 'expired' }, from, paid)).toBeNull();
    expect(eventRefusal(completed, from, paid)).toBe('ignored');
    expect(eventRefusal(order, from, refunded)).toBe('ignored');
  });

  it('closes only an order still open', () => {
    expect(eventRefusal(order, from, { ...paid, kind: 'failed' })).toBeNull();
    expect(eventRefusal({ ...order, closedReason: 'expired' }, from, { ...paid, kind: 'failed' })).toBe('ignored');
    expect(eventRefusal(completed, from, { ...paid, kind: 'cancelled' })).toBe('ignored');
  });
});
