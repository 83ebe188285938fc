import { verify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type Call, type Reply } from './pay/fake-fetch';
import { encryptResource, notification, signedDelivery, wechatMerchant } from '../support/wechat-merchant';
import { ProviderError, WebhookSignatureError } from '../../server/services/payment/providers/types';
import { createWeChatProvider, decryptResource } from '../../server/services/payment/providers/wechat';

const API_V3_KEY = 'a7cde1f2b3c4d5e6f7a8b9c0d1e2f3a4'; // 32 bytes, as the merchant platform requires
const { merchant, platform, account } = wechatMerchant(API_V3_KEY);
const NOW = Date.parse('2026-03-01T10:00:00Z');
const NOW_S = String(NOW / 1000);
const NONCE = '593BEC0C930BF1AFEB40B4A08C8FB242';
const API = 'https://api.mch.weixin.qq.com';

function provider(route: (c: Call) => Reply, now = NOW) {
  const f = fakeFetch(route);
  return { wx: createWeChatProvider({ fetch: f.fetch, now: () => now, nonce: () => NONCE }), calls: f.calls };
}

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…` and checks its signature as WeChat Pay would. */
function checkAuthorization(c: Call) {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(c.headers.authorization);
  expect(m).not.toBeNull();
  const fields = Object.fromEntries([...m![1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  expect(fields).toMatchObject({
    mchid: '1900009191',
    nonce_str: NONCE,
    timestamp: NOW_S,
    serial_no: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
  });
  const url = new URL(c.url);
  const message = `${c.method}\n${url.pathname}${url.search}\n${fields.timestamp}\n${fields.nonce_str}\n${c.body ?? ''}\n`;
  return verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(fields.signature, 'base64'));
}

const input = {
  orderNo: 'R20260301001',
  amountMinor: 1999,
  currency: 'CNY',
  description: '续费：1台设备，一年',
  returnUrl: 'https://fleet.example/pay/return',
  cancelUrl: 'https://fleet.example/pay/cancel',
  notifyUrl: 'https://fleet.example/api/pay/notify/wechat',
};

describe('WeChat Pay requests', () => {
  it('signs a Native order over the exact method, path and body, and returns the code_url', async () => {
    const { wx, calls } = provider(() => ({ body: { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' } }));
    const created = await wx.createPayment(input, account);
    expect(created).toEqual({
      providerOrderId: 'R20260301001',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    });
    const [c] = calls;
    expect(c.method).toBe('POST');
    expect(c.url).toBe(`${API}/v3/pay/transactions/native`);
    expect(c.headers.accept).toBe('application/json');
    expect(c.headers['user-agent']).toBeTruthy();
    expect(checkAuthorization(c)).toBe(true);
    // The signature covers the body: the same header does not verify another body.
    expect(checkAuthorization({ ...c, body: c.body!.replace('1999', '1') })).toBe(false);
    expect(JSON.parse(c.body!)).toEqual({
      appid: 'wxd678efh567hg6787',
      mchid: '1900009191',
      description: '续费：1台设备，一年',
      out_trade_no: 'R20260301001',
      notify_url: 'https://fleet.example/api/pay/notify/wechat',
      amount: { total: 1999, currency: 'CNY' },
    });
  });

  it('orders for a mini-program payer and signs the pay params', async () => {
    const { wx, calls } = provider(() => ({ body: { prepay_id: 'wx201410272009395522657a690389285100' } }));
    const created = await wx.createPayment({ ...input, openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }, account);
    expect(calls[0].url).toBe(`${API}/v3/pay/transactions/jsapi`);
    expect(checkAuthorization(calls[0])).toBe(true);
    expect(JSON.parse(calls[0].body!).payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const p = created.payParams!;
    expect(p).toMatchObject({
      appId: 'wxd678efh567hg6787',
      timeStamp: NOW_S,
      nonceStr: NONCE,
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(p.paySign, 'base64'))).toBe(
      true,
    );
  });

  it('takes CNY only and reports WeChat errors', async () => {
    const { wx, calls } = provider(() => ({
      status: 400,
      body: { code: 'PARAM_ERROR', message: '参数错误' },
    }));
    await expect(wx.createPayment({ ...input, currency: 'USD' }, account)).rejects.toThrow(ProviderError);
    expect(calls).toHaveLength(0);
    await expect(wx.createPayment(input, account)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('PARAM_ERROR'),
    });
  });

  it('queries by our order number and maps the trade states', async () => {
    let reply: Reply = {};
    const { wx, calls } = provider(() => reply);
    const paid = {
      appid: 'wxd678efh567hg6787',
      mchid: '1900009191',
      out_trade_no: 'R20260301001',
      transaction_id: '1217752501201407033233368018',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: '2026-03-01T17:59:00+08:00',
      amount: { total: 1999, payer_total: 1999, currency: 'CNY', payer_currency: 'CNY' },
    };
    reply = { body: paid };
    expect(await wx.confirmPayment('R20260301001', 'R20260301001', account)).toMatchObject({
      eventId: 'transaction:1217752501201407033233368018',
      kind: 'paid',
      orderNo: 'R20260301001',
      transactionId: '1217752501201407033233368018',
      amountMinor: 1999,
      currency: 'CNY',
    });
    const c = calls[0];
    expect(c.method).toBe('GET');
    expect(c.url).toBe(`${API}/v3/pay/transactions/out-trade-no/R20260301001?mchid=1900009191`);
    expect(c.body).toBeUndefined();
    expect(checkAuthorization(c)).toBe(true);
    const kinds: Record<string, string | null> = {
      NOTPAY: null,
      USERPAYING: null,
      CLOSED: 'failed',
      PAYERROR: 'failed',
      REVOKED: 'cancelled',
      REFUND: 'paid',
    };
    for (const [state, kind] of Object.entries(kinds)) {
      reply = { body: { ...paid, trade_state: state } };
      expect((await wx.confirmPayment('R20260301001', 'R20260301001', account))?.kind ?? null).toBe(kind);
    }
    reply = { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
    expect(await wx.confirmPayment('R20260301001', 'R20260301001', account)).toBeNull();
    reply = { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } };
    await expect(wx.confirmPayment('R20260301001', 'R20260301001', account)).rejects.toThrow(ProviderError);
  });

  it('refunds by our order and refund numbers', async () => {
    let status = 'SUCCESS';
    const { wx, calls } = provider(() => ({
      body: { refund_id: '50000000382019052709732678859', out_refund_no: 'RF1', status, channel: 'ORIGINAL' },
    }));
    const refund = {
      orderNo: 'R20260301001',
      refundNo: 'RF1',
      transactionId: '1217752501201407033233368018',
      amountMinor: 500,
      totalMinor: 1999,
      currency: 'CNY',
      reason: '设备退回',
      notifyUrl: 'https://fleet.example/api/pay/notify/wechat',
    };
    expect(await wx.refund(refund, account)).toEqual({
      refundId: '50000000382019052709732678859',
      status: 'done',
    });
    expect(calls[0].url).toBe(`${API}/v3/refund/domestic/refunds`);
    expect(checkAuthorization(calls[0])).toBe(true);
    expect(JSON.parse(calls[0].body!)).toEqual({
      out_trade_no: 'R20260301001',
      out_refund_no: 'RF1',
      reason: '设备退回',
      notify_url: 'https://fleet.example/api/pay/notify/wechat',
      amount: { refund: 500, total: 1999, currency: 'CNY' },
    });
    status = 'PROCESSING';
    expect((await wx.refund(refund, account)).status).toBe('pending');
    status = 'ABNORMAL';
    await expect(wx.refund(refund, account)).rejects.toThrow(ProviderError);
  });
});

// ---- notifications ----

/** Encrypts a resource as WeChat Pay does: AES-256-GCM, the 16-byte tag after the ciphertext. */
const encrypt = (plain: object, originalType: string, key = API_V3_KEY) =>
  encryptResource(plain, originalType, key);

const transaction = {
  mchid: '1900009191',
  appid: 'wxd678efh567hg6787',
  out_trade_no: 'R20260301001',
  transaction_id: '4200000848202101120290526543',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  attach: '',
  success_time: '2026-03-01T17:59:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 1999, payer_total: 1999, currency: 'CNY', payer_currency: 'CNY' },
};

const paidNotification = notification(
  'EV-2018022511223320873',
  'TRANSACTION.SUCCESS',
  encrypt(transaction, 'transaction'),
);

/** Signed by the platform key the way WeChat Pay signs callbacks. */
const delivery = (body: object, o: { timestamp?: string; serial?: string; key?: KeyObject } = {}) =>
  signedDelivery(
    body,
    o.key ?? platform.privateKey,
    o.serial ?? account.platformSerial!,
    o.timestamp ?? NOW_S,
  );

describe('WeChat Pay notifications', () => {
  const { wx } = provider(() => ({}));

  it('verifies, decrypts and decodes a payment notification', async () => {
    const ev = await wx.verifyWebhook(delivery(paidNotification), account);
    expect(ev).toMatchObject({
      eventId: 'EV-2018022511223320873',
      kind: 'paid',
      orderNo: 'R20260301001',
      providerOrderId: 'R20260301001',
      transactionId: '4200000848202101120290526543',
      amountMinor: 1999,
      currency: 'CNY',
    });
    expect((ev!.raw as { resource: unknown }).resource).toEqual(transaction);
  });

  it('round-trips a resource through AES-256-GCM', () => {
    expect(decryptResource(encrypt(transaction, 'transaction'), API_V3_KEY)).toEqual(transaction);
    const empty = encrypt({ a: 1 }, '');
    expect(decryptResource({ ...empty, associated_data: '' }, API_V3_KEY)).toEqual({ a: 1 });
    expect(() => decryptResource({ ...empty, associated_data: 'certificate' }, API_V3_KEY)).toThrow(
      WebhookSignatureError,
    );
  });

  it('decodes a refund notification', async () => {
    const refund = {
      mchid: '1900009191',
      transaction_id: '4200000848202101120290526543',
      out_trade_no: 'R20260301001',
      refund_id: '50200207182018070300011301001',
      out_refund_no: 'RF1',
      refund_status: 'SUCCESS',
      success_time: '2026-03-02T10:34:56+08:00',
      user_received_account: '招商银行信用卡0403',
      amount: { total: 1999, refund: 500, payer_total: 1999, payer_refund: 500 },
    };
    const body = notification('EV-REFUND-1', 'REFUND.SUCCESS', encrypt(refund, 'refund'));
    expect(await wx.verifyWebhook(delivery(body), account)).toMatchObject({
      eventId: 'EV-REFUND-1',
      kind: 'refunded',
      orderNo: 'R20260301001',
      transactionId: '4200000848202101120290526543',
      refundNo: 'RF1',
      refundId: '50200207182018070300011301001',
      amountMinor: 500,
    });
    const abnormal = notification('EV-REFUND-2', 'REFUND.ABNORMAL', encrypt(refund, 'refund'));
    expect(await wx.verifyWebhook(delivery(abnormal), account)).toBeNull();
  });

  it('rejects a notification under another platform serial', async () => {
    const d = delivery(paidNotification, { serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' });
    await expect(wx.verifyWebhook(d, account)).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a signature by another key', async () => {
    const d = delivery(paidNotification, { key: merchant.privateKey });
    await expect(wx.verifyWebhook(d, account)).rejects.toThrow(/does not verify/);
  });

  it('rejects a changed body', async () => {
    const d = delivery(paidNotification);
    d.rawBody = d.rawBody.replace('EV-2018022511223320873', 'EV-2018022511223320874');
    await expect(wx.verifyWebhook(d, account)).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a stale timestamp', async () => {
    const old = String(NOW / 1000 - 6 * 60);
    await expect(wx.verifyWebhook(delivery(paidNotification, { timestamp: old }), account)).rejects.toThrow(
      /stale/,
    );
    const recent = String(NOW / 1000 - 4 * 60);
    await expect(
      wx.verifyWebhook(delivery(paidNotification, { timestamp: recent }), account),
    ).resolves.not.toBeNull();
  });

  it('rejects a resource that does not decrypt with our API v3 key', async () => {
    const foreign = notification(
      'EV-X',
      'TRANSACTION.SUCCESS',
      encrypt(transaction, 'transaction', 'b'.repeat(32)),
    );
    await expect(wx.verifyWebhook(delivery(foreign), account)).rejects.toThrow(/decrypt/);
  });

  it('rejects missing headers', async () => {
    const d = delivery(paidNotification);
    await expect(
      wx.verifyWebhook({ ...d, headers: { ...d.headers, 'Wechatpay-Signature': undefined } }, account),
    ).rejects.toThrow(WebhookSignatureError);
  });
});
