import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_TYPE } from '../../src/domain/codes';
import {
  paymentSandboxEnabled,
  providerByName,
  providerFor,
} from '../../server/services/payment/providers/index';
import {
  createSandboxProvider,
  signSandboxWebhook,
  type SandboxWebhookBody,
} from '../../server/services/payment/providers/sandbox';
import { ProviderError, WebhookSignatureError } from '../../server/services/payment/providers/types';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const SECRET = 'sandbox-secret-of-agent-7';
const account = { secret: SECRET };
const sbx = createSandboxProvider({ now: () => NOW });

const succeeded: SandboxWebhookBody = {
  id: 'evt_1',
  type: 'payment.succeeded',
  orderNo: 'R20260301001',
  amountMinor: 1999,
  currency: 'USD',
  transactionId: 'SBXT-1',
};

describe('sandbox provider', () => {
  it('sends the buyer to the sandbox checkout page', async () => {
    const created = await sbx.createPayment(
      {
        orderNo: 'R20260301001',
        amountMinor: 1999,
        currency: 'USD',
        description: 'Renewal',
        returnUrl: '/renew/result?orderNo=R20260301001',
        cancelUrl: '/renew',
        notifyUrl: '/api/pay/notify/sandbox',
      },
      account,
    );
    expect(created.providerOrderId).toBe('SBX-R20260301001');
    const url = new URL(created.approveUrl!, 'http://localhost');
    expect(url.pathname).toBe('/sandbox-pay');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orderNo: 'R20260301001',
      returnUrl: '/renew/result?orderNo=R20260301001',
      cancelUrl: '/renew',
    });
  });

  it('reports only by webhook, and refunds at once', async () => {
    expect(await sbx.confirmPayment('SBX-R1', 'R1', account)).toBeNull();
    const refund = {
      orderNo: 'R1',
      refundNo: 'RF1',
      transactionId: 'T',
      amountMinor: 1,
      totalMinor: 1,
      currency: 'USD',
    };
    expect(await sbx.refund(refund, account)).toEqual({ refundId: 'SBXR-RF1', status: 'done' });
  });

  it('signs with HMAC-SHA256 over timestamp.body', () => {
    const { headers, rawBody } = signSandboxWebhook(succeeded, SECRET, NOW);
    expect(JSON.parse(rawBody)).toEqual(succeeded);
    const hex = createHmac('sha256', SECRET).update(`${NOW}.${rawBody}`).digest('hex');
    expect(headers['x-sandbox-signature']).toBe(`t=${NOW},v1=${hex}`);
  });

  it('verifies and decodes every event type', async () => {
    const kinds = {
      'payment.succeeded': 'paid',
      'payment.failed': 'failed',
      'payment.cancelled': 'cancelled',
      'refund.succeeded': 'refunded',
    } as const;
    for (const [type, kind] of Object.entries(kinds)) {
      const ev = await sbx.verifyWebhook(
        signSandboxWebhook({ ...succeeded, type }, SECRET, NOW - 1000),
        account,
      );
      expect(ev).toMatchObject({
        eventId: 'evt_1',
        kind,
        orderNo: 'R20260301001',
        providerOrderId: 'SBX-R20260301001',
        transactionId: 'SBXT-1',
        amountMinor: 1999,
        currency: 'USD',
      });
    }
    const other = signSandboxWebhook({ ...succeeded, type: 'toString' }, SECRET, NOW);
    expect(await sbx.verifyWebhook(other, account)).toBeNull();
  });

  it('rejects another secret, a changed body, a stale or malformed signature', async () => {
    const reject = (req: Parameters<typeof sbx.verifyWebhook>[0]) =>
      expect(sbx.verifyWebhook(req, account)).rejects.toThrow(WebhookSignatureError);
    await reject(signSandboxWebhook(succeeded, 'another-secret', NOW));
    const changed = signSandboxWebhook(succeeded, SECRET, NOW);
    changed.rawBody = changed.rawBody.replace('1999', '1');
    await reject(changed);
    await reject(signSandboxWebhook(succeeded, SECRET, NOW - 5 * 60_000 - 1));
    await reject(signSandboxWebhook(succeeded, SECRET, NOW + 5 * 60_000 + 1));
    const ok = signSandboxWebhook(succeeded, SECRET, NOW);
    await reject({ ...ok, headers: {} });
    await reject({ ...ok, headers: { 'x-sandbox-signature': 'v1=abc' } });
    await reject({
      ...ok,
      headers: { 'x-sandbox-signature': ok.headers['x-sandbox-signature'].slice(0, -2) },
    });
  });

  it('falls back to the server secret for accounts without one', async () => {
    const withDefault = createSandboxProvider({ now: () => NOW, secret: 'server-secret' });
    const ev = await withDefault.verifyWebhook(signSandboxWebhook(succeeded, 'server-secret', NOW), {});
    expect(ev?.kind).toBe('paid');
    await expect(sbx.verifyWebhook(signSandboxWebhook(succeeded, 'server-secret', NOW), {})).rejects.toThrow(
      ProviderError,
    );
  });
});

describe('provider selection', () => {
  const saved = process.env.PAYMENT_SANDBOX;
  afterEach(() => {
    if (saved === undefined) delete process.env.PAYMENT_SANDBOX;
    else process.env.PAYMENT_SANDBOX = saved;
  });

  it('runs the sandbox only when PAYMENT_SANDBOX=1 asks for it', () => {
    expect(paymentSandboxEnabled({})).toBe(false);
    expect(paymentSandboxEnabled({ PAYMENT_SANDBOX: '1' })).toBe(true);
    expect(paymentSandboxEnabled({ PAYMENT_SANDBOX: '0' })).toBe(false);
    expect(paymentSandboxEnabled({ PAYMENT_SANDBOX: 'true' })).toBe(false);
  });

  it('maps payment types to the real adapters with the sandbox off', () => {
    delete process.env.PAYMENT_SANDBOX;
    expect(providerFor(PAYMENT_TYPE.paypal).name).toBe('paypal');
    expect(providerFor(PAYMENT_TYPE.weixinMiniprogram).name).toBe('wechat');
    expect(() => providerFor(99)).toThrow(ProviderError);
  });

  it('sends every payment type to the sandbox with the sandbox on', () => {
    process.env.PAYMENT_SANDBOX = '1';
    expect(providerFor(PAYMENT_TYPE.paypal).name).toBe('sandbox');
    expect(providerFor(PAYMENT_TYPE.weixinMiniprogram).name).toBe('sandbox');
    expect(providerFor(PAYMENT_TYPE.paypal, { sandbox: false }).name).toBe('paypal');
  });

  it('shares one adapter per provider unless I/O is injected', () => {
    expect(providerByName('paypal')).toBe(providerByName('paypal'));
    expect(providerByName('paypal', { now: () => NOW })).not.toBe(providerByName('paypal'));
    expect(providerByName('wechat').accountKeys.map((k) => k.key)).toEqual([
      'mchId',
      'appId',
      'serialNo',
      'privateKey',
      'apiV3Key',
      'platformPublicKey',
      'platformSerial',
    ]);
  });
});
