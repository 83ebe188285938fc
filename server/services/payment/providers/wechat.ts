/**
 * WeChat Pay API v3 (mainland merchants, CNY): requests signed with the merchant key, Native (QR)
 * or JSAPI/mini-program orders, query by our order number, refunds, and notifications verified
 * with the platform public key and decrypted with the API v3 key.
 */
import { createPublicKey, verify } from 'node:crypto';
import {
  ProviderError,
  WebhookSignatureError,
  type AccountKey,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderDeps,
} from './types';
import {
  accountValue,
  defaultNonce,
  field,
  header,
  parseJson,
  readResult,
  str,
  type ApiResult,
} from './util';
import { decryptResource, pem, truncateBytes, wechatAuthorization, wechatSign } from './wechat-crypto';

export { decryptResource, wechatAuthorization, wechatSign } from './wechat-crypto';

export const WECHAT_ACCOUNT_KEYS: readonly AccountKey[] = [
  { key: 'mchId', secret: false, required: true },
  { key: 'appId', secret: false, required: true },
  { key: 'serialNo', secret: false, required: true },
  { key: 'privateKey', secret: true, required: true },
  { key: 'apiV3Key', secret: true, required: true },
  { key: 'platformPublicKey', secret: false, required: true },
  { key: 'platformSerial', secret: false, required: true },
];

export const WECHAT_BASE_URL = 'https://api.mch.weixin.qq.com';
/** WeChat's own guidance: accept notifications within five minutes of their timestamp. */
const MAX_NOTIFY_AGE_MS = 5 * 60_000;
/** description is string[1,127]; cut by UTF-8 bytes so Chinese text cannot overflow it. */
const DESCRIPTION_BYTES = 127;

export function createWeChatProvider(deps: ProviderDeps = {}): PaymentProvider {
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const now = deps.now ?? Date.now;
  const nonce = deps.nonce ?? defaultNonce;
  const seconds = () => String(Math.floor(now() / 1000));

  async function api(
    account: ProviderAccount,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiResult> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetchFn(`${WECHAT_BASE_URL}${path}`, {
      method,
      headers: {
        authorization: wechatAuthorization(account, method, path, text, seconds(), nonce()),
        accept: 'application/json',
        // WeChat's rules ask for one and say calls without a User-Agent may be refused.
        'user-agent': 'fleetgate-payment/1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : text,
    });
    return readResult(res);
  }

  function failure(what: string, r: ApiResult): ProviderError {
    const code = str(field(r.body, 'code')) ?? `HTTP ${r.status}`;
    const msg = str(field(r.body, 'message'));
    return new ProviderError(`WeChat Pay ${what} failed: ${code}${msg ? ` ${msg}` : ''}`, r.status, r.body);
  }

  function cny(currency: string): 'CNY' {
    if (currency.toUpperCase() !== 'CNY') {
      throw new ProviderError(`WeChat Pay takes CNY only, not ${currency}`);
    }
    return 'CNY';
  }

  /** What WeChat says of the trade of our order number (the order query); null while unpaid. */
  async function queryTrade(orderNo: string, account: ProviderAccount): Promise<PaymentEvent | null> {
    const mchId = accountValue(account, 'mchId', 'wechat');
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(mchId)}`;
    const r = await api(account, 'GET', path);
    if (r.status === 404 && field(r.body, 'code') === 'ORDER_NOT_EXIST') return null;
    if (!r.ok) throw failure('query', r);
    const echoed = str(field(r.body, 'out_trade_no'));
    if (echoed && echoed !== orderNo)
      throw new ProviderError(`WeChat Pay answered for order ${echoed}, not ${orderNo}`);
    const state = field(r.body, 'trade_state');
    const transactionId = str(field(r.body, 'transaction_id'));
    const common = {
      orderNo,
      providerOrderId: orderNo,
      transactionId,
      amountMinor: numberOr(field(r.body, 'amount', 'total')),
      currency: str(field(r.body, 'amount', 'currency')),
      raw: r.body,
    };
    switch (state) {
      // REFUND: it was paid and (partly) refunded since; the refund has its own notification.
      case 'SUCCESS':
      case 'REFUND':
        return { ...common, eventId: `transaction:${transactionId ?? orderNo}`, kind: 'paid' };
      case 'CLOSED':
      case 'PAYERROR':
        return { ...common, eventId: `trade:${orderNo}:${state}`, kind: 'failed' };
      case 'REVOKED':
        return { ...common, eventId: `trade:${orderNo}:${state}`, kind: 'cancelled' };
      default:
        // NOTPAY, USERPAYING
        return null;
    }
  }

  /** WeChat's refund query by our refund number: the refund as an event once it has succeeded. */
  async function queryRefund(refundNo: string, orderNo: string, account: ProviderAccount) {
    const r = await api(account, 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
    if (r.status === 404) return null;
    if (!r.ok) throw failure('refund query', r);
    const refundId = str(field(r.body, 'refund_id'));
    if (field(r.body, 'status') !== 'SUCCESS' || str(field(r.body, 'out_trade_no')) !== orderNo) return null;
    return {
      eventId: `refund:${refundId ?? refundNo}`,
      kind: 'refunded',
      orderNo,
      refundNo,
      refundId,
      transactionId: str(field(r.body, 'transaction_id')),
      amountMinor: numberOr(field(r.body, 'amount', 'refund')),
      currency: str(field(r.body, 'amount', 'currency')),
      raw: r.body,
    } satisfies PaymentEvent;
  }

  return {
    name: 'wechat',
    accountKeys: WECHAT_ACCOUNT_KEYS,

    async createPayment(input, account) {
      const appId = accountValue(account, 'appId', 'wechat');
      const jsapi = Boolean(input.openid);
      const r = await api(account, 'POST', `/v3/pay/transactions/${jsapi ? 'jsapi' : 'native'}`, {
        appid: appId,
        mchid: accountValue(account, 'mchId', 'wechat'),
        description: truncateBytes(input.description, DESCRIPTION_BYTES),
        out_trade_no: input.orderNo,
        notify_url: input.notifyUrl,
        amount: { total: input.amountMinor, currency: cny(input.currency) },
        ...(jsapi ? { payer: { openid: input.openid } } : {}),
      });
      if (!r.ok) throw failure('order', r);
      // WeChat keys orders by our out_trade_no (query, close, refund), so that is the provider id.
      if (!jsapi) {
        const codeUrl = str(field(r.body, 'code_url'));
        if (!codeUrl) throw new ProviderError('WeChat Pay order has no code_url', r.status, r.body);
        return { providerOrderId: input.orderNo, codeUrl };
      }
      const prepayId = str(field(r.body, 'prepay_id'));
      if (!prepayId) throw new ProviderError('WeChat Pay order has no prepay_id', r.status, r.body);
      const timeStamp = seconds();
      const nonceStr = nonce();
      const pkg = `prepay_id=${prepayId}`;
      const paySign = wechatSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, pem(account, 'privateKey'));
      return {
        providerOrderId: input.orderNo,
        payParams: { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
      };
    },

    confirmPayment: (_providerOrderId, orderNo, account) => queryTrade(orderNo, account),

    async lookup(notice, order, account) {
      if (notice.kind === 'paid') {
        const trade = await queryTrade(order.orderNo, account);
        return trade?.kind === 'paid' ? trade : null;
      }
      const refundNo = order.refundNo ?? notice.refundNo;
      return notice.kind === 'refunded' && refundNo ? queryRefund(refundNo, order.orderNo, account) : null;
    },

    async verifyWebhook(req, account) {
      const timestamp = header(req.headers, 'wechatpay-timestamp');
      const nonceHeader = header(req.headers, 'wechatpay-nonce');
      const signature = header(req.headers, 'wechatpay-signature');
      const serial = header(req.headers, 'wechatpay-serial');
      if (!timestamp || !nonceHeader || !signature || !serial) {
        throw new WebhookSignatureError('WeChat Pay signature headers missing');
      }
      // A serial we do not hold means a rotated platform key or a forgery; either way we cannot verify.
      if (serial !== accountValue(account, 'platformSerial', 'wechat')) {
        throw new WebhookSignatureError(`WeChat Pay platform serial ${serial} is not the configured one`);
      }
      const sent = Number(timestamp) * 1000;
      if (!/^\d+$/.test(timestamp) || Math.abs(now() - sent) > MAX_NOTIFY_AGE_MS) {
        throw new WebhookSignatureError('WeChat Pay notification timestamp is stale');
      }
      const message = `${timestamp}\n${nonceHeader}\n${req.rawBody}\n`;
      const key = createPublicKey(pem(account, 'platformPublicKey'));
      if (!verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64'))) {
        throw new WebhookSignatureError('WeChat Pay signature does not verify');
      }
      const body = parseJson(req.rawBody);
      const eventId = str(body?.id);
      if (!body || !eventId) throw new ProviderError('WeChat Pay notification has no id');
      const type = body.event_type;
      if (type !== 'TRANSACTION.SUCCESS' && type !== 'REFUND.SUCCESS') return null;
      const res = decryptResource(body.resource, accountValue(account, 'apiV3Key', 'wechat'));
      const raw = { ...body, resource: res };
      const common = {
        eventId,
        orderNo: str(field(res, 'out_trade_no')),
        transactionId: str(field(res, 'transaction_id')),
        raw,
      };
      if (type === 'TRANSACTION.SUCCESS') {
        if (field(res, 'trade_state') !== 'SUCCESS') return null;
        return {
          ...common,
          kind: 'paid',
          providerOrderId: common.orderNo,
          amountMinor: numberOr(field(res, 'amount', 'total')),
          currency: str(field(res, 'amount', 'currency')) ?? 'CNY',
        } satisfies PaymentEvent;
      }
      if (field(res, 'refund_status') !== 'SUCCESS') return null;
      return {
        ...common,
        kind: 'refunded',
        refundNo: str(field(res, 'out_refund_no')),
        refundId: str(field(res, 'refund_id')),
        amountMinor: numberOr(field(res, 'amount', 'refund')),
        currency: 'CNY',
      } satisfies PaymentEvent;
    },

    async refund(input, account) {
      const currency = cny(input.currency);
      const r = await api(account, 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.orderNo,
        out_refund_no: input.refundNo,
        ...(input.reason ? { reason: truncateBytes(input.reason, 80) } : {}),
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
        amount: { refund: input.amountMinor, total: input.totalMinor, currency },
      });
      if (!r.ok) throw failure('refund', r);
      const refundId = str(field(r.body, 'refund_id'));
      const status = field(r.body, 'status');
      // CLOSED and ABNORMAL need a person (a closed or frozen account); report them as errors.
      if (!refundId || (status !== 'SUCCESS' && status !== 'PROCESSING')) {
        throw new ProviderError(`WeChat Pay refund ended ${String(status)}`, r.status, r.body);
      }
      return { refundId, status: status === 'SUCCESS' ? 'done' : 'pending' };
    },
  };
}

function numberOr(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
}
