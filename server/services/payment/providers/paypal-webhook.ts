/**
 * PayPal webhook verification, offline as PayPal documents it: RSA-SHA256 over
 * `transmissionId|transmissionTime|webhookId|crc32(body)` with the certificate at paypal-cert-url.
 */
import { X509Certificate, createPublicKey, verify, type KeyObject } from 'node:crypto';
import {
  ProviderError,
  WebhookSignatureError,
  type PaymentEvent,
  type ProviderAccount,
  type WebhookRequest,
} from './types';
import { accountValue, crc32Decimal, field, header, parseJson, parseMinor, str } from './util';

const CERT_HOSTS = new Set([
  'api.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.paypal.com',
  'api-m.sandbox.paypal.com',
]);
/** PayPal signs each delivery afresh, retries included, so an old transmission is a replay. */
const MAX_TRANSMISSION_AGE_MS = 10 * 60_000;

/** Only PayPal's API hosts over https: the URL comes from the request, so anyone can put one there. */
export function isPayPalCertUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === 'https:' && u.port === '' && !u.username && !u.password && CERT_HOSTS.has(u.hostname)
    );
  } catch {
    return false;
  }
}

interface CertKey {
  key: KeyObject;
  validFrom?: number;
  validTo?: number;
}

function parseCert(pem: string): CertKey {
  const parsed = pem.includes('BEGIN CERTIFICATE') ? certificateKey(pem) : { key: createPublicKey(pem) };
  // SHA256withRSA is the only algorithm PayPal signs with.
  if (parsed.key.asymmetricKeyType !== 'rsa') {
    throw new WebhookSignatureError('PayPal certificate key is not RSA');
  }
  return parsed;
}

/** A certificate must be PayPal's (CN *.paypal.com) and is used only while valid. */
function certificateKey(pem: string): CertKey {
  const cert = new X509Certificate(pem);
  const cn = /^CN=(.+)$/m.exec(cert.subject)?.[1];
  if (!cn || !(cn === 'paypal.com' || cn.endsWith('.paypal.com'))) {
    throw new WebhookSignatureError(`PayPal certificate subject ${cn ?? '?'} is not PayPal's`);
  }
  return { key: cert.publicKey, validFrom: Date.parse(cert.validFrom), validTo: Date.parse(cert.validTo) };
}

/** A PayPal amount object ({ currency_code, value }) in minor units. */
export function paypalMoney(amount: unknown): { amountMinor?: number; currency?: string } {
  const currency = str(field(amount, 'currency_code'));
  const value = str(field(amount, 'value'));
  return currency && value ? { amountMinor: parseMinor(value, currency), currency } : {};
}

export function createPayPalWebhookVerifier(deps: {
  now: () => number;
  fetchCert: (url: string) => Promise<string>;
}): (req: WebhookRequest, account: ProviderAccount) => Promise<PaymentEvent | null> {
  // Per process; the promise is cached so concurrent webhooks share one download.
  const certs = new Map<string, Promise<CertKey>>();

  async function certKey(url: string): Promise<KeyObject> {
    let pending = certs.get(url);
    if (!pending) {
      pending = deps.fetchCert(url).then(parseCert);
      certs.set(url, pending);
      pending.catch(() => certs.delete(url));
    }
    const cert = await pending;
    const t = deps.now();
    if (
      (cert.validFrom !== undefined && t < cert.validFrom) ||
      (cert.validTo !== undefined && t > cert.validTo)
    ) {
      certs.delete(url);
      throw new WebhookSignatureError('PayPal certificate is not valid now');
    }
    return cert.key;
  }

  return async (req, account) => {
    const transmissionId = header(req.headers, 'paypal-transmission-id');
    const transmissionTime = header(req.headers, 'paypal-transmission-time');
    const sig = header(req.headers, 'paypal-transmission-sig');
    const certUrl = header(req.headers, 'paypal-cert-url');
    const algo = header(req.headers, 'paypal-auth-algo');
    if (!transmissionId || !transmissionTime || !sig || !certUrl || !algo) {
      throw new WebhookSignatureError('PayPal signature headers missing');
    }
    if (algo.toUpperCase() !== 'SHA256WITHRSA') throw new WebhookSignatureError(`PayPal auth algo ${algo}`);
    if (!isPayPalCertUrl(certUrl)) throw new WebhookSignatureError('PayPal cert URL is not on a PayPal host');
    const sent = Date.parse(transmissionTime);
    if (!Number.isFinite(sent) || Math.abs(deps.now() - sent) > MAX_TRANSMISSION_AGE_MS) {
      throw new WebhookSignatureError('PayPal transmission time is stale');
    }
    const webhookId = accountValue(account, 'webhookId', 'paypal');
    const key = await certKey(certUrl);
    const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32Decimal(req.rawBody)}`;
    if (!verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(sig, 'base64'))) {
      throw new WebhookSignatureError('PayPal signature does not verify');
    }
    const event = parseJson(req.rawBody);
    const eventId = str(event?.id);
    if (!event || !eventId) throw new ProviderError('PayPal webhook body has no event id');
    return webhookEvent(eventId, event);
  };
}

/** The capture a refund's "up" link names. */
export function capturedBy(links: unknown): string | undefined {
  const up = Array.isArray(links) ? links.find((l) => field(l, 'rel') === 'up') : undefined;
  return /\/captures\/([^/?]+)/.exec(str(field(up, 'href')) ?? '')?.[1];
}

function webhookEvent(eventId: string, event: Record<string, unknown>): PaymentEvent | null {
  const res = event.resource;
  const base = {
    eventId,
    raw: event,
    transactionId: str(field(res, 'id')),
    ...paypalMoney(field(res, 'amount')),
  };
  const orderNo = str(field(res, 'custom_id'));
  const providerOrderId = str(field(res, 'supplementary_data', 'related_ids', 'order_id'));
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return { ...base, kind: 'paid', orderNo, providerOrderId };
    case 'PAYMENT.CAPTURE.DENIED':
      return { ...base, kind: 'failed', orderNo, providerOrderId };
    case 'PAYMENT.CAPTURE.REFUNDED':
      // The resource is the refund; its "up" link names the capture it refunds.
      return {
        ...base,
        kind: 'refunded',
        orderNo,
        transactionId: capturedBy(field(res, 'links')),
        refundId: base.transactionId,
      };
    default:
      // CHECKOUT.ORDER.APPROVED included: we capture when the buyer returns.
      return null;
  }
}
