import { describe, expect, it } from 'vitest';
import { fakeFetch, type Call, type Reply } from './fake-fetch';
import { wechatMerchant } from '../../support/wechat-merchant';
import { createPayPalProvider } from '../../../server/services/payment/providers/paypal';
import { createSandboxProvider } from '../../../server/services/payment/providers/sandbox';
import { createWeChatProvider } from '../../../server/services/payment/providers/wechat';
import type { NoticeSubject, PaymentEvent } from '../../../server/services/payment/providers/types';

// What a provider is asked after a verified notice: money moves on its answer, not the notice's.
const order: NoticeSubject = { orderNo: 'N1', providerOrderId: 'P1', transactionId: 'T1', refundNo: null };
const notice = (kind: PaymentEvent['kind'], extra: Partial<PaymentEvent> = {}): PaymentEvent => ({
  eventId: 'E1',
  kind,
  orderNo: 'N1',
  amountMinor: 1,
  currency: 'CNY',
  raw: {},
  ...extra,
});

describe('WeChat Pay lookup', () => {
  const { account } = wechatMerchant();
  const wx = (route: (c: Call) => Reply) => {
    const f = fakeFetch(route);
    return {
      wx: createWeChatProvider({ fetch: f.fetch, now: () => Date.now(), nonce: () => 'n' }),
      calls: f.calls,
    };
  };
  const trade = (state: string, total = 10000) => ({
    out_trade_no: 'N1',
    transaction_id: '4200',
    trade_state: state,
    amount: { total, currency: 'CNY' },
  });

  it('answers a paid notice with the amount of the trade the query returns', async () => {
    const { wx: p, calls } = wx(() => ({ body: trade('SUCCESS') }));
    const said = await p.lookup(notice('paid'), order, account);
    expect(said).toMatchObject({ kind: 'paid', orderNo: 'N1', amountMinor: 10000, currency: 'CNY' });
    expect(calls[0]!.url).toContain('/v3/pay/transactions/out-trade-no/N1?mchid=');
  });

  it('does not confirm a trade not paid, or another order’s', async () => {
    expect(await wx(() => ({ body: trade('NOTPAY') })).wx.lookup(notice('paid'), order, account)).toBeNull();
    const other = wx(() => ({ body: { ...trade('SUCCESS'), out_trade_no: 'N2' } })).wx;
    await expect(other.lookup(notice('paid'), order, account)).rejects.toThrow(/N2/);
  });

  it('asks the refund by its number and answers the refunded amount', async () => {
    const refund = (status: string, out = 'N1') => ({
      refund_id: '5020',
      out_refund_no: 'RN1',
      out_trade_no: out,
      status,
      amount: { total: 10000, refund: 10000, currency: 'CNY' },
    });
    const { wx: p, calls } = wx(() => ({ body: refund('SUCCESS') }));
    const said = await p.lookup(notice('refunded', { refundNo: 'RN1' }), order, account);
    expect(said).toMatchObject({ kind: 'refunded', refundId: '5020', amountMinor: 10000 });
    expect(calls[0]!.url).toMatch(/\/v3\/refund\/domestic\/refunds\/RN1$/);
    expect(
      await wx(() => ({ body: refund('PROCESSING') })).wx.lookup(
        notice('refunded', { refundNo: 'RN1' }),
        order,
        account,
      ),
    ).toBeNull();
    expect(
      await wx(() => ({ body: refund('SUCCESS', 'N2') })).wx.lookup(
        notice('refunded', { refundNo: 'RN1' }),
        order,
        account,
      ),
    ).toBeNull();
    expect(
      await wx(() => ({ status: 404, body: {} })).wx.lookup(
        notice('refunded', { refundNo: 'RN1' }),
        order,
        account,
      ),
    ).toBeNull();
  });
});

describe('PayPal lookup', () => {
  const API = 'https://api-m.sandbox.paypal.com';
  const account = { clientId: 'c', clientSecret: 's', webhookId: 'w', mode: 'sandbox' };
  const pp = (found: (c: Call) => Reply) => {
    const f = fakeFetch((c) =>
      c.url === `${API}/v1/oauth2/token` ? { body: { access_token: 't', expires_in: 3600 } } : found(c),
    );
    return { pp: createPayPalProvider({ fetch: f.fetch, now: () => Date.now() }), calls: f.calls };
  };
  const capture = (status: string, custom = 'N1') => ({
    id: 'CAP1',
    status,
    custom_id: custom,
    amount: { currency_code: 'USD', value: '100.00' },
  });

  it('reads the capture the notice names and answers its amount', async () => {
    const { pp: p, calls } = pp(() => ({ body: capture('COMPLETED') }));
    const said = await p.lookup(notice('paid', { transactionId: 'CAP1', amountMinor: 1 }), order, account);
    expect(said).toMatchObject({ kind: 'paid', transactionId: 'CAP1', amountMinor: 10000, currency: 'USD' });
    expect(calls.at(-1)!.url).toBe(`${API}/v2/payments/captures/CAP1`);
  });

  it('does not confirm a pending capture, another order’s, or one PayPal does not know', async () => {
    const paid = notice('paid', { transactionId: 'CAP1' });
    expect(await pp(() => ({ body: capture('PENDING') })).pp.lookup(paid, order, account)).toBeNull();
    expect(await pp(() => ({ body: capture('COMPLETED', 'N2') })).pp.lookup(paid, order, account)).toBeNull();
    expect(await pp(() => ({ status: 404, body: {} })).pp.lookup(paid, order, account)).toBeNull();
    expect(
      await pp(() => ({ body: capture('COMPLETED') })).pp.lookup(notice('paid'), order, account),
    ).toBeNull();
  });

  it('reads the refund the notice names; a refund of another capture is not this order’s', async () => {
    const refund = (up: string) => ({
      id: 'REF1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '100.00' },
      links: [{ rel: 'up', href: `${API}/v2/payments/captures/${up}` }],
    });
    const asked = notice('refunded', { refundId: 'REF1' });
    const { pp: p, calls } = pp(() => ({ body: refund('T1') }));
    expect(await p.lookup(asked, order, account)).toMatchObject({
      kind: 'refunded',
      refundId: 'REF1',
      amountMinor: 10000,
    });
    expect(calls.at(-1)!.url).toBe(`${API}/v2/payments/refunds/REF1`);
    expect(await pp(() => ({ body: refund('T9') })).pp.lookup(asked, order, account)).toBeNull();
  });
});

describe('sandbox lookup', () => {
  it('confirms its own verified notice for the order it names only', async () => {
    const sbx = createSandboxProvider({ secret: 's' });
    expect(await sbx.lookup(notice('paid'), order, {})).toMatchObject({ kind: 'paid', amountMinor: 1 });
    expect(await sbx.lookup(notice('paid', { orderNo: 'N2' }), order, {})).toBeNull();
  });
});
