/**
 * PayPal Orders v2 over REST: the buyer approves on PayPal, we capture when they come back, and
 * webhooks (verified offline against PayPal's certificate) report captures, denials and refunds.
 */
import {
  ProviderError,
  type AccountKey,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderDeps,
} from './types';
import { accountValue, field, formatMinor, readBody, readResult, str, type ApiResult } from './util';
import { capturedBy, createPayPalWebhookVerifier, paypalMoney } from './paypal-webhook';

export { isPayPalCertUrl } from './paypal-webhook';

export interface PayPalDeps extends ProviderDeps {
  /** Returns the PEM (certificate or public key) at a PayPal cert URL; the default downloads it. */
  fetchCert?: (url: string) => Promise<string>;
}

export const PAYPAL_ACCOUNT_KEYS: readonly AccountKey[] = [
  { key: 'clientId', secret: false, required: true },
  { key: 'clientSecret', secret: true, required: true },
  { key: 'webhookId', secret: false, required: true },
  { key: 'mode', secret: false, required: true },
];

const BASE_URL = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' } as const;
/** Renew the token a minute early so a request never goes out with one about to expire. */
const TOKEN_MARGIN_MS = 60_000;

interface Token {
  token: string;
  expiresAt: number;
}

export function createPayPalProvider(deps: PayPalDeps = {}): PaymentProvider {
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const now = deps.now ?? Date.now;
  const fetchCert =
    deps.fetchCert ??
    (async (url: string) => {
      const res = await fetchFn(url, { redirect: 'error' });
      if (!res.ok) {
        throw new ProviderError(`PayPal certificate download failed: HTTP ${res.status}`, res.status);
      }
      return res.text();
    });
  // Per process; the promise is cached so concurrent callers share one token request.
  const tokens = new Map<string, Promise<Token>>();
  const verifyWebhook = createPayPalWebhookVerifier({ now, fetchCert });

  function baseUrl(account: ProviderAccount): string {
    const mode = accountValue(account, 'mode', 'paypal');
    if (mode !== 'live' && mode !== 'sandbox') throw new ProviderError(`paypal mode must be live or sandbox`);
    return BASE_URL[mode];
  }

  async function requestToken(base: string, clientId: string, secret: string): Promise<Token> {
    const res = await fetchFn(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = await readBody(res);
    const token = str(field(body, 'access_token'));
    const expiresIn = Number(field(body, 'expires_in'));
    if (!res.ok || !token) {
      throw new ProviderError(`PayPal token request failed: HTTP ${res.status}`, res.status, body);
    }
    return {
      token,
      expiresAt: now() + (Number.isFinite(expiresIn) ? expiresIn * 1000 : 0) - TOKEN_MARGIN_MS,
    };
  }

  /** A cached token until it expires; `renew` drops the cached one first (PayPal said 401). */
  async function accessToken(account: ProviderAccount, renew: boolean): Promise<string> {
    const base = baseUrl(account);
    const clientId = accountValue(account, 'clientId', 'paypal');
    const secret = accountValue(account, 'clientSecret', 'paypal');
    const cacheKey = `${base}\n${clientId}\n${secret}`;
    if (renew) tokens.delete(cacheKey);
    let pending = tokens.get(cacheKey);
    if (pending) {
      const t = await pending.catch(() => undefined);
      if (t && t.expiresAt > now()) return t.token;
      if (tokens.get(cacheKey) === pending) tokens.delete(cacheKey);
    }
    pending = requestToken(base, clientId, secret);
    tokens.set(cacheKey, pending);
    pending.catch(() => tokens.delete(cacheKey));
    return (await pending).token;
  }

  async function api(
    account: ProviderAccount,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResult> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken(account, attempt > 0);
      const res = await fetchFn(`${baseUrl(account)}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // A token revoked before its expiry: drop it and try once with a new one.
      if (res.status === 401 && attempt === 0) continue;
      return readResult(res);
    }
  }

  function failure(what: string, r: ApiResult): ProviderError {
    const msg = str(field(r.body, 'message')) ?? str(field(r.body, 'name')) ?? `HTTP ${r.status}`;
    return new ProviderError(`PayPal ${what} failed: ${msg}`, r.status, r.body);
  }

  /** The capture of a captured (or fetched) order, as an event; null while nothing is captured yet. */
  function captureEvent(order: unknown, orderNo: string): PaymentEvent | null {
    const unit = field(order, 'purchase_units', 0);
    const capture = field(unit, 'payments', 'captures', 0);
    const ref = str(field(unit, 'reference_id')) ?? str(field(capture, 'custom_id'));
    if (ref && ref !== orderNo) {
      throw new ProviderError(`PayPal order belongs to order ${ref}, not ${orderNo}`);
    }
    const id = str(field(capture, 'id'));
    if (!id) return null;
    const status = field(capture, 'status');
    // PENDING captures (e-checks, reviews) finish later and arrive as PAYMENT.CAPTURE.COMPLETED.
    const kind =
      status === 'COMPLETED' ? 'paid' : status === 'DECLINED' || status === 'FAILED' ? 'failed' : null;
    if (!kind) return null;
    return {
      eventId: `capture:${id}`,
      kind,
      orderNo,
      providerOrderId: str(field(order, 'id')),
      transactionId: id,
      ...paypalMoney(field(capture, 'amount')),
      raw: order,
    };
  }

  return {
    name: 'paypal',
    accountKeys: PAYPAL_ACCOUNT_KEYS,

    async createPayment(input, account) {
      const currency = input.currency.toUpperCase();
      const r = await api(account, 'POST', '/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderNo,
            custom_id: input.orderNo,
            description: input.description.slice(0, 127),
            amount: { currency_code: currency, value: formatMinor(input.amountMinor, currency) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      });
      if (!r.ok) throw failure('create order', r);
      const id = str(field(r.body, 'id'));
      const links = field(r.body, 'links');
      const approve = Array.isArray(links)
        ? links.find((l) => field(l, 'rel') === 'payer-action' || field(l, 'rel') === 'approve')
        : undefined;
      const approveUrl = str(field(approve, 'href'));
      if (!id || !approveUrl) {
        throw new ProviderError('PayPal order has no id or approve link', r.status, r.body);
      }
      return { providerOrderId: id, approveUrl };
    },

    async confirmPayment(providerOrderId, orderNo, account) {
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
      let r = await api(account, 'POST', `${path}/capture`, {}, { prefer: 'return=representation' });
      if (r.status === 422) {
        const issue = field(r.body, 'details', 0, 'issue');
        // ORDER_NOT_APPROVED and the like: the buyer has not (successfully) approved yet.
        if (issue !== 'ORDER_ALREADY_CAPTURED') return null;
        // Captured already (a second return, or a retry): read the order to report that capture.
        r = await api(account, 'GET', path);
      }
      if (!r.ok) throw failure('capture', r);
      return captureEvent(r.body, orderNo);
    },

    verifyWebhook,

    async lookup(notice, order, account) {
      // The capture or refund the notice names, read back from PayPal: completed, and this order's.
      const kind = notice.kind === 'paid' ? 'capture' : 'refund';
      const id =
        notice.kind === 'paid'
          ? notice.transactionId
          : notice.kind === 'refunded'
            ? notice.refundId
            : undefined;
      if (!id) return null;
      const r = await api(account, 'GET', `/v2/payments/${kind}s/${encodeURIComponent(id)}`);
      if (r.status === 404) return null;
      if (!r.ok) throw failure(`${kind} lookup`, r);
      const related = str(field(r.body, 'supplementary_data', 'related_ids', 'order_id'));
      const up = capturedBy(field(r.body, 'links'));
      const ours =
        str(field(r.body, 'custom_id')) === order.orderNo ||
        (kind === 'capture'
          ? !!related && related === order.providerOrderId
          : !!up && up === order.transactionId);
      if (field(r.body, 'status') !== 'COMPLETED' || !ours) return null;
      const found = str(field(r.body, 'id'))!;
      const common = {
        eventId: `${kind}:${found}`,
        orderNo: order.orderNo,
        ...paypalMoney(field(r.body, 'amount')),
        raw: r.body,
      };
      return kind === 'capture'
        ? { ...common, kind: 'paid', transactionId: found }
        : { ...common, kind: 'refunded', refundId: found, transactionId: up };
    },

    async refund(input, account) {
      const currency = input.currency.toUpperCase();
      const r = await api(
        account,
        'POST',
        `/v2/payments/captures/${encodeURIComponent(input.transactionId)}/refund`,
        {
          amount: { currency_code: currency, value: formatMinor(input.amountMinor, currency) },
          // Echoed in PAYMENT.CAPTURE.REFUNDED, so that webhook names the order.
          custom_id: input.orderNo,
          ...(input.reason ? { note_to_payer: input.reason.slice(0, 255) } : {}),
        },
        // The same refundNo again returns the first refund instead of refunding twice.
        { 'paypal-request-id': input.refundNo, prefer: 'return=representation' },
      );
      if (!r.ok) throw failure('refund', r);
      const refundId = str(field(r.body, 'id'));
      const status = field(r.body, 'status');
      if (!refundId || (status !== 'COMPLETED' && status !== 'PENDING')) {
        throw new ProviderError(`PayPal refund ended ${String(status)}`, r.status, r.body);
      }
      return { refundId, status: status === 'COMPLETED' ? 'done' : 'pending' };
    },
  };
}
