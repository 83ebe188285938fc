import { generateKeyPairSync, sign } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, type Call, type Reply } from './pay/fake-fetch';
import { createPayPalProvider, isPayPalCertUrl } from '../../server/services/payment/providers/paypal';
import {
  ProviderError,
  WebhookSignatureError,
  type ProviderAccount,
} from '../../server/services/payment/providers/types';
import { formatMinor, parseMinor } from '../../server/services/payment/providers/util';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

const account: ProviderAccount = {
  clientId: 'AcLientId',
  clientSecret: 'sEcReT',
  webhookId: '8PT597110X687430LKGECATA',
  mode: 'sandbox',
};
const API = 'https://api-m.sandbox.paypal.com';
const NOW = Date.parse('2026-03-01T10:00:00Z');
const CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';

const tokenReply: Reply = { body: { access_token: 'A21AAtoken', token_type: 'Bearer', expires_in: 32400 } };
const isToken = (c: Call) => c.url === `${API}/v1/oauth2/token`;

/** Shaped like PayPal's capture response (Orders v2 docs), trimmed. */
function capturedOrder(orderNo: string, status = 'COMPLETED') {
  return {
    id: '5O190127TN364715T',
    status: 'COMPLETED',
    purchase_units: [
      {
        reference_id: orderNo,
        payments: {
          captures: [
            {
              id: '3C679366HH908993F',
              status,
              amount: { currency_code: 'USD', value: '19.99' },
              final_capture: true,
              custom_id: orderNo,
              create_time: '2026-03-01T09:59:00Z',
            },
          ],
        },
      },
    ],
  };
}

describe('PayPal amounts', () => {
  it('formats minor units exactly', () => {
    expect(formatMinor(1999, 'USD')).toBe('19.99');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(0, 'EUR')).toBe('0.00');
    expect(formatMinor(100, 'usd')).toBe('1.00');
    expect(formatMinor(500, 'JPY')).toBe('500');
    expect(formatMinor(1_000_000_001, 'USD')).toBe('10000000.01');
    expect(() => formatMinor(19.99, 'USD')).toThrow(ProviderError);
    expect(() => formatMinor(-1, 'USD')).toThrow(ProviderError);
  });
  it('parses PayPal values back without floating point', () => {
    expect(parseMinor('19.99', 'USD')).toBe(1999);
    expect(parseMinor('0.05', 'USD')).toBe(5);
    expect(parseMinor('1.1', 'USD')).toBe(110);
    expect(parseMinor('500', 'JPY')).toBe(500);
    expect(parseMinor('500.00', 'JPY')).toBe(500);
    expect(() => parseMinor('19.999', 'USD')).toThrow(ProviderError);
    expect(() => parseMinor('1e3', 'USD')).toThrow(ProviderError);
  });
});

describe('PayPal REST calls', () => {
  it('creates an order with an exact amount and returns the approve link', async () => {
    const f = fakeFetch((c) =>
      isToken(c)
        ? tokenReply
        : {
            status: 200,
            body: {
              id: '5O190127TN364715T',
              status: 'PAYER_ACTION_REQUIRED',
              links: [
                { href: `${API}/v2/checkout/orders/5O190127TN364715T`, rel: 'self', method: 'GET' },
                {
                  href: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T',
                  rel: 'payer-action',
                  method: 'GET',
                },
              ],
            },
          },
    );
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    const created = await pp.createPayment(
      {
        orderNo: 'R20260301001',
        amountMinor: 1999,
        currency: 'USD',
        description: 'Renewal: 1 device, one year',
        returnUrl: 'https://fleet.example/pay/return',
        cancelUrl: 'https://fleet.example/pay/cancel',
        notifyUrl: 'https://fleet.example/api/pay/notify/paypal',
      },
      account,
    );
    expect(created).toEqual({
      providerOrderId: '5O190127TN364715T',
      approveUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T',
    });
    const [token, order] = f.calls;
    expect(token.method).toBe('POST');
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('AcLientId:sEcReT').toString('base64')}`);
    expect(token.body).toBe('grant_type=client_credentials');
    expect(order.url).toBe(`${API}/v2/checkout/orders`);
    expect(order.headers.authorization).toBe('Bearer A21AAtoken');
    const body = JSON.parse(order.body!);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0]).toMatchObject({
      reference_id: 'R20260301001',
      custom_id: 'R20260301001',
      amount: { currency_code: 'USD', value: '19.99' },
    });
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: 'https://fleet.example/pay/return',
      cancel_url: 'https://fleet.example/pay/cancel',
    });
  });

  it('uses the live host in live mode', async () => {
    const f = fakeFetch((c) =>
      c.url.endsWith('/v1/oauth2/token')
        ? tokenReply
        : {
            body: {
              id: 'X',
              links: [{ rel: 'approve', href: 'https://www.paypal.com/checkoutnow?token=X' }],
            },
          },
    );
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    const input = {
      orderNo: 'R1',
      amountMinor: 500,
      currency: 'JPY',
      description: 'd',
      returnUrl: 'r',
      cancelUrl: 'c',
      notifyUrl: 'n',
    };
    await pp.createPayment(input, { ...account, mode: 'live' });
    expect(f.calls.map((c) => new URL(c.url).host)).toEqual(['api-m.paypal.com', 'api-m.paypal.com']);
    expect(JSON.parse(f.calls[1].body!).purchase_units[0].amount).toEqual({
      currency_code: 'JPY',
      value: '500',
    });
    await expect(pp.createPayment(input, { ...account, mode: 'prod' })).rejects.toThrow(ProviderError);
  });

  it('caches the token until it expires, and renews it on a 401', async () => {
    let clock = NOW;
    let tokens = 0;
    let reject = false;
    const f = fakeFetch((c) => {
      if (isToken(c)) return { body: { access_token: `T${++tokens}`, expires_in: 3600 } };
      if (reject && c.headers.authorization === 'Bearer T2')
        return { status: 401, body: { error: 'invalid_token' } };
      return { body: capturedOrder('R1') };
    });
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => clock });
    await pp.confirmPayment('5O190127TN364715T', 'R1', account);
    await pp.confirmPayment('5O190127TN364715T', 'R1', account);
    expect(tokens).toBe(1);
    clock += 3600_000; // past expiry (less the safety margin)
    await pp.confirmPayment('5O190127TN364715T', 'R1', account);
    expect(tokens).toBe(2);
    reject = true;
    await expect(pp.confirmPayment('5O190127TN364715T', 'R1', account)).resolves.not.toBeNull();
    expect(tokens).toBe(3);
    expect(f.calls.at(-1)!.headers.authorization).toBe('Bearer T3');
  });

  it('maps a completed capture to a paid event', async () => {
    const f = fakeFetch((c) => (isToken(c) ? tokenReply : { status: 201, body: capturedOrder('R1') }));
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    const ev = await pp.confirmPayment('5O190127TN364715T', 'R1', account);
    expect(f.calls[1].url).toBe(`${API}/v2/checkout/orders/5O190127TN364715T/capture`);
    expect(f.calls[1].method).toBe('POST');
    expect(ev).toMatchObject({
      eventId: 'capture:3C679366HH908993F',
      kind: 'paid',
      orderNo: 'R1',
      providerOrderId: '5O190127TN364715T',
      transactionId: '3C679366HH908993F',
      amountMinor: 1999,
      currency: 'USD',
    });
  });

  it('reports an unapproved order as pending and a pending capture as pending', async () => {
    const notApproved = {
      name: 'UNPROCESSABLE_ENTITY',
      details: [
        { issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' },
      ],
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
    };
    let reply: Reply = { status: 422, body: notApproved };
    const f = fakeFetch((c) => (isToken(c) ? tokenReply : reply));
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    expect(await pp.confirmPayment('5O190127TN364715T', 'R1', account)).toBeNull();
    reply = { status: 201, body: capturedOrder('R1', 'PENDING') };
    expect(await pp.confirmPayment('5O190127TN364715T', 'R1', account)).toBeNull();
    reply = { status: 201, body: capturedOrder('R1', 'DECLINED') };
    expect((await pp.confirmPayment('5O190127TN364715T', 'R1', account))?.kind).toBe('failed');
    reply = {
      status: 500,
      body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
    };
    await expect(pp.confirmPayment('5O190127TN364715T', 'R1', account)).rejects.toMatchObject({
      status: 500,
    });
  });

  it('reads the order when it was captured already', async () => {
    const f = fakeFetch((c) => {
      if (isToken(c)) return tokenReply;
      if (c.method === 'POST')
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
        };
      return { body: capturedOrder('R1') };
    });
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    const ev = await pp.confirmPayment('5O190127TN364715T', 'R1', account);
    expect(f.calls.at(-1)).toMatchObject({
      method: 'GET',
      url: `${API}/v2/checkout/orders/5O190127TN364715T`,
    });
    expect(ev).toMatchObject({ kind: 'paid', transactionId: '3C679366HH908993F' });
  });

  it('refuses a PayPal order that belongs to another of our orders', async () => {
    const f = fakeFetch((c) => (isToken(c) ? tokenReply : { status: 201, body: capturedOrder('R-OTHER') }));
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    await expect(pp.confirmPayment('5O190127TN364715T', 'R1', account)).rejects.toThrow(ProviderError);
  });

  it('refunds a capture with the refund number as idempotency key', async () => {
    let status = 'COMPLETED';
    const f = fakeFetch((c) =>
      isToken(c) ? tokenReply : { status: 201, body: { id: '1JU08902781691411', status } },
    );
    const pp = createPayPalProvider({ fetch: f.fetch, now: () => NOW });
    const input = {
      orderNo: 'R1',
      refundNo: 'RF1',
      transactionId: '3C679366HH908993F',
      amountMinor: 500,
      totalMinor: 1999,
      currency: 'USD',
      reason: 'device returned',
    };
    expect(await pp.refund(input, account)).toEqual({ refundId: '1JU08902781691411', status: 'done' });
    const call = f.calls[1];
    expect(call.url).toBe(`${API}/v2/payments/captures/3C679366HH908993F/refund`);
    expect(call.headers['paypal-request-id']).toBe('RF1');
    expect(JSON.parse(call.body!)).toMatchObject({
      amount: { currency_code: 'USD', value: '5.00' },
      custom_id: 'R1',
      note_to_payer: 'device returned',
    });
    status = 'PENDING';
    expect((await pp.refund(input, account)).status).toBe('pending');
    status = 'FAILED';
    await expect(pp.refund(input, account)).rejects.toThrow(ProviderError);
  });
});

// ---- webhooks ----

/** Shaped like PayPal's PAYMENT.CAPTURE.COMPLETED sample (webhook event names docs). */
const captureCompleted = {
  id: 'WH-58D329510W468432D-8HN650336L201105X',
  create_time: '2026-03-01T09:59:58.940Z',
  resource_type: 'capture',
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  summary: 'Payment completed for $ 19.99 USD',
  resource: {
    amount: { currency_code: 'USD', value: '19.99' },
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
    update_time: '2026-03-01T09:59:58Z',
    create_time: '2026-03-01T09:59:58Z',
    final_capture: true,
    seller_receivable_breakdown: {
      gross_amount: { currency_code: 'USD', value: '19.99' },
      paypal_fee: { currency_code: 'USD', value: '0.88' },
      net_amount: { currency_code: 'USD', value: '19.11' },
    },
    custom_id: 'R20260301001',
    links: [{ href: `${API}/v2/payments/captures/3C679366HH908993F`, rel: 'self', method: 'GET' }],
    id: '3C679366HH908993F',
    status: 'COMPLETED',
  },
  links: [],
  event_version: '1.0',
  resource_version: '2.0',
};

interface SignOpts {
  transmissionId?: string;
  time?: string;
  webhookId?: string;
  key?: typeof privateKey;
  certUrl?: string;
}

/** A delivery signed the way PayPal signs: id|time|webhookId|crc32(body), SHA256withRSA. */
function delivery(event: object | string, o: SignOpts = {}) {
  const rawBody = typeof event === 'string' ? event : JSON.stringify(event);
  const id = o.transmissionId ?? '69cd13f0-d67a-11e5-baa3-778b53f4ae55';
  const time = o.time ?? new Date(NOW - 2000).toISOString();
  const message = `${id}|${time}|${o.webhookId ?? account.webhookId}|${crc32(Buffer.from(rawBody)) >>> 0}`;
  const sig = sign('sha256', Buffer.from(message), o.key ?? privateKey).toString('base64');
  return {
    rawBody,
    headers: {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sig,
      'paypal-cert-url': o.certUrl ?? CERT_URL,
      'paypal-auth-algo': 'SHA256withRSA',
    },
  };
}

function webhookProvider(now = NOW, pem = publicPem) {
  const fetchCert = vi.fn(async () => pem);
  return {
    pp: createPayPalProvider({ now: () => now, fetchCert, fetch: fakeFetch(() => ({})).fetch }),
    fetchCert,
  };
}

describe('PayPal webhooks', () => {
  it('verifies a correctly signed capture and decodes it', async () => {
    const { pp, fetchCert } = webhookProvider();
    const ev = await pp.verifyWebhook(delivery(captureCompleted), account);
    expect(fetchCert).toHaveBeenCalledWith(CERT_URL);
    expect(ev).toMatchObject({
      eventId: 'WH-58D329510W468432D-8HN650336L201105X',
      kind: 'paid',
      orderNo: 'R20260301001',
      providerOrderId: '5O190127TN364715T',
      transactionId: '3C679366HH908993F',
      amountMinor: 1999,
      currency: 'USD',
    });
  });

  it('downloads a certificate once', async () => {
    const { pp, fetchCert } = webhookProvider();
    await pp.verifyWebhook(delivery(captureCompleted), account);
    await pp.verifyWebhook(delivery(captureCompleted, { transmissionId: 'b2c3' }), account);
    expect(fetchCert).toHaveBeenCalledTimes(1);
  });

  it('rejects a signature by another key', async () => {
    const { pp } = webhookProvider();
    await expect(
      pp.verifyWebhook(delivery(captureCompleted, { key: other.privateKey }), account),
    ).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a changed body', async () => {
    const { pp } = webhookProvider();
    const d = delivery(captureCompleted);
    d.rawBody = d.rawBody.replace('"19.99"', '"1999.00"');
    await expect(pp.verifyWebhook(d, account)).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a delivery signed for another webhook id', async () => {
    const { pp } = webhookProvider();
    await expect(
      pp.verifyWebhook(delivery(captureCompleted, { webhookId: '1JE4291016473214C' }), account),
    ).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a stale transmission', async () => {
    const { pp } = webhookProvider();
    const old = new Date(NOW - 11 * 60_000).toISOString();
    await expect(pp.verifyWebhook(delivery(captureCompleted, { time: old }), account)).rejects.toThrow(
      /stale/,
    );
    const recent = new Date(NOW - 9 * 60_000).toISOString();
    await expect(
      pp.verifyWebhook(delivery(captureCompleted, { time: recent }), account),
    ).resolves.not.toBeNull();
  });

  it('never fetches a certificate from outside PayPal', async () => {
    const { pp, fetchCert } = webhookProvider();
    for (const certUrl of [
      'https://evil.example.com/v1/notifications/certs/CERT-1',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
      'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
      'https://user@api.paypal.com/v1/notifications/certs/CERT-1',
      'not a url',
    ]) {
      await expect(pp.verifyWebhook(delivery(captureCompleted, { certUrl }), account)).rejects.toThrow(
        WebhookSignatureError,
      );
    }
    expect(fetchCert).not.toHaveBeenCalled();
    for (const host of [
      'api.paypal.com',
      'api.sandbox.paypal.com',
      'api-m.paypal.com',
      'api-m.sandbox.paypal.com',
    ]) {
      expect(isPayPalCertUrl(`https://${host}/v1/notifications/certs/CERT-1`)).toBe(true);
    }
  });

  it('rejects missing headers and another algorithm', async () => {
    const { pp } = webhookProvider();
    const d = delivery(captureCompleted);
    await expect(
      pp.verifyWebhook({ ...d, headers: { ...d.headers, 'paypal-transmission-sig': undefined } }, account),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      pp.verifyWebhook({ ...d, headers: { ...d.headers, 'paypal-auth-algo': 'HS256' } }, account),
    ).rejects.toThrow(WebhookSignatureError);
  });

  it('maps denied and refunded captures, and ignores an approved order', async () => {
    const { pp } = webhookProvider();
    const denied = {
      ...captureCompleted,
      id: 'WH-DENIED',
      event_type: 'PAYMENT.CAPTURE.DENIED',
      resource: { ...captureCompleted.resource, status: 'DECLINED' },
    };
    expect(await pp.verifyWebhook(delivery(denied), account)).toMatchObject({
      eventId: 'WH-DENIED',
      kind: 'failed',
      orderNo: 'R20260301001',
    });
    const refunded = {
      id: 'WH-1GE84257G0350133W-6RW800890C634293G',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: {
        id: '1JU08902781691411',
        amount: { currency_code: 'USD', value: '5.00' },
        status: 'COMPLETED',
        custom_id: 'R20260301001',
        links: [
          { href: `${API}/v2/payments/refunds/1JU08902781691411`, rel: 'self', method: 'GET' },
          { href: `${API}/v2/payments/captures/3C679366HH908993F`, rel: 'up', method: 'GET' },
        ],
      },
    };
    expect(await pp.verifyWebhook(delivery(refunded), account)).toMatchObject({
      eventId: 'WH-1GE84257G0350133W-6RW800890C634293G',
      kind: 'refunded',
      orderNo: 'R20260301001',
      transactionId: '3C679366HH908993F',
      refundId: '1JU08902781691411',
      amountMinor: 500,
    });
    const approved = {
      id: 'WH-COC11055RA711503B-4YM959094A144403T',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: '5O190127TN364715T', status: 'APPROVED', intent: 'CAPTURE' },
    };
    expect(await pp.verifyWebhook(delivery(approved), account)).toBeNull();
  });
});

// Two self-signed test certificates (public parts only): one named like PayPal's, valid
// 2026-11-25 to 2126-11-01, and one whose CN only starts like PayPal's.
const PAYPAL_NAMED_CERT = `-----BEGIN CERTIFICATE-----
MIIDlzCCAn+gAwIBAgIUIGUi79Bg6dkO6+G50HCn420uaHQwDQYJKoZIhvcNAQEL
BQAwWjELMAkGA1UEBhMCVVMxFTATBgNVBAoMDFBheVBhbCwgSW5jLjE0MDIGA1UE
AwwrbWVzc2FnZXZlcmlmaWNhdGlvbmNlcnRzLnNhbmRib3gucGF5cGFsLmNvbTAg
Fw0yNjExMjUxNjU5NTBaGA8yMTI2MTEwMTE2NTk1MFowWjELMAkGA1UEBhMCVVMx
FTATBgNVBAoMDFBheVBhbCwgSW5jLjE0MDIGA1UEAwwrbWVzc2FnZXZlcmlmaWNh
dGlvbmNlcnRzLnNhbmRib3gucGF5cGFsLmNvbTCCASIwDQYJKoZIhvcNAQEBBQAD
ggEPADCCAQoCggEBANZzZcA4urUEiwBODsWvmEtcWktIq59s6kmeKW3JGWtQCbjW
BDlKAhN36LTi0lGx3OPSOxIpRSptMKjMZWB55+OIJfvsGeqSrI/NWr2l/Xg8HcuO
KdpfsjCqbYTqxTPjECzdjXcAcwg19groV+c7ZZnYfNf4UqMYB3JGNX22jchs7Ix0
MbE5NqLh1YMjgpk5FwPhwFriWeBBWV8fAnNEGiX+A55kgsj0C8+Igxv++HbEj8+4
OBCzc3NbKVrtpLdoLzBI0JBtX/07KG+KEAp4G0LZ3fBPDlrdRr83D5bU2ED+SDPj
eLiZXxMaEPtv8spoKGUaqQR7eBYMEdiT4XpvZgECAwEAAaNTMFEwHQYDVR0OBBYE
FOgEjxbhRokPnJx1pCx1MUek5+g9MB8GA1UdIwQYMBaAFOgEjxbhRokPnJx1pCx1
MUek5+g9MA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEBAMzZU4YV
oAkrJbSbZ6xIYiFnjkI7fHfUPZhNURnb9SXl33GWKbPwNUFZ1ZscFR1iprkJmVK8
pvbUjRE/ECgdsJ5nx9LHvvdREPgttyV4jd2EL+JosLHv2uVUxQ4q6+3zRiLV6XuA
EX8ncRpfRMSsdIEqIAgk/RgSK6x6QKfYAuKYbfUeeSgcX2K76Fa16rvYdsoaNnqG
KTlmmj9vVgnzgKCJ0U3EiHUPZAUtkUEdao1jjqd7yUg4AB/x9VDwp2wnhqtc3x6D
SxaebdOQAK+iXQCi8xVXWxlCD6wmbnvIw9AEPkysUCz/L2dm3QoRq2NnPAkcMKyK
XxjEgZfMw5wOSqc=
-----END CERTIFICATE-----
`;
const LOOKALIKE_CERT = `-----BEGIN CERTIFICATE-----
MIIDWTCCAkGgAwIBAgIUYh2FH1LLcrwh2ybpIF+lpF4UVvswDQYJKoZIhvcNAQEL
BQAwOzE5MDcGA1UEAwwwbWVzc2FnZXZlcmlmaWNhdGlvbmNlcnRzLnBheXBhbC5j
b20uZXZpbC5leGFtcGxlMCAXDTI2MTEyNTE2NTk1MFoYDzIxMjYxMTAxMTY1OTUw
WjA7MTkwNwYDVQQDDDBtZXNzYWdldmVyaWZpY2F0aW9uY2VydHMucGF5cGFsLmNv
bS5ldmlsLmV4YW1wbGUwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDW
c2XAOLq1BIsATg7Fr5hLXFpLSKufbOpJniltyRlrUAm41gQ5SgITd+i04tJRsdzj
0jsSKUUqbTCozGVgeefjiCX77BnqkqyPzVq9pf14PB3LjinaX7Iwqm2E6sUz4xAs
3Y13AHMINfYK6FfnO2WZ2HzX+FKjGAdyRjV9to3IbOyMdDGxOTai4dWDI4KZORcD
4cBa4lngQVlfHwJzRBol/gOeZILI9AvPiIMb/vh2xI/PuDgQs3NzWyla7aS3aC8w
SNCQbV/9OyhvihAKeBtC2d3wTw5a3Ua/Nw+W1NhA/kgz43i4mV8TGhD7b/LKaChl
GqkEe3gWDBHYk+F6b2YBAgMBAAGjUzBRMB0GA1UdDgQWBBToBI8W4UaJD5ycdaQs
dTFHpOfoPTAfBgNVHSMEGDAWgBToBI8W4UaJD5ycdaQsdTFHpOfoPTAPBgNVHRMB
Af8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQA/0+C70DYAXkjzTHf4GTLwoT+B
e18ozVk/V3Bg2FxcuFXSWb2RkXaDdukaLJpGfD8ncJFzPM1ckpunE0oZ5JIQ9l24
NHfuvnzHwpjjY+OYw+ZEh6wkRR747QYr33xLW03Q0Pqv4LFVUu0hFEkxbg6dYL/1
bsw6Wi6q4vF8VDkk3xKPezTwjnPK0JR4r9Xif37VcP/RDI8K+3rjrBXOcjYG8xor
QGx9+xj719MEPSwQMA7wr7bqNdC8RkuofP0gUdANRVAwUI3MRKe5amVp7aBCx6M/
ktVzNhnv9rB2DCsc/0PIrZ6f3LOl8jPr5s5kXZMgGtwsibrLHo/Rxmcm/Ka6
-----END CERTIFICATE-----
`;

describe('PayPal certificates', () => {
  // No private key of these certificates is kept, so each delivery is signed by another key:
  // which check rejects it tells whether the certificate itself was accepted.
  const at = (iso: string) => {
    const now = Date.parse(iso);
    return { now, d: delivery(captureCompleted, { time: new Date(now).toISOString() }) };
  };

  it('accepts a PayPal certificate while it is valid (then checks the signature)', async () => {
    const { now, d } = at('2030-01-01T00:00:00Z');
    const { pp } = webhookProvider(now, PAYPAL_NAMED_CERT);
    await expect(pp.verifyWebhook(d, account)).rejects.toThrow(/does not verify/);
  });

  it('rejects an expired certificate', async () => {
    const { now, d } = at('2127-01-01T00:00:00Z');
    const { pp } = webhookProvider(now, PAYPAL_NAMED_CERT);
    await expect(pp.verifyWebhook(d, account)).rejects.toThrow(/not valid now/);
  });

  it('rejects a certificate that is not PayPal’s', async () => {
    const { now, d } = at('2030-01-01T00:00:00Z');
    const { pp } = webhookProvider(now, LOOKALIKE_CERT);
    await expect(pp.verifyWebhook(d, account)).rejects.toThrow(/not PayPal's/);
  });
});
