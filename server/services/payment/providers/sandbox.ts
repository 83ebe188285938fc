/**
 * The local provider for demos and tests: a checkout page of our own, and webhooks the server
 * signs itself with HMAC-SHA256, so the whole order flow runs without any payment company.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderError,
  WebhookSignatureError,
  type AccountKey,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderDeps,
} from './types';
import { field, header, parseJson, str } from './util';

export interface SandboxDeps extends Pick<ProviderDeps, 'now'> {
  /** Used when the account has no `secret` of its own (accounts of the real providers in sandbox mode). */
  secret?: string;
}

export type SandboxEventType =
  'payment.succeeded' | 'payment.failed' | 'payment.cancelled' | 'refund.succeeded';

export interface SandboxWebhookBody {
  id: string;
  type: SandboxEventType;
  orderNo: string;
  amountMinor: number;
  currency: string;
  transactionId: string;
}

export const SANDBOX_ACCOUNT_KEYS: readonly AccountKey[] = [{ key: 'secret', secret: true, required: false }];
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const MAX_AGE_MS = 5 * 60_000;

const KIND: Record<SandboxEventType, PaymentEvent['kind']> = {
  'payment.succeeded': 'paid',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'refund.succeeded': 'refunded',
};

export function sandboxProviderOrderId(orderNo: string): string {
  return `SBX-${orderNo}`;
}

function hmacHex(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** Signs a sandbox webhook as the sandbox checkout does; `now` in milliseconds. */
export function signSandboxWebhook(
  body: object,
  secret: string,
  now: number,
): { headers: Record<string, string>; rawBody: string } {
  const rawBody = JSON.stringify(body);
  const t = String(Math.floor(now));
  return {
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${hmacHex(secret, t, rawBody)}`,
    },
    rawBody,
  };
}

export function createSandboxProvider(deps: SandboxDeps = {}): PaymentProvider {
  const now = deps.now ?? Date.now;

  function secretOf(account: ProviderAccount): string {
    const secret = account.secret || deps.secret;
    if (!secret) throw new ProviderError('sandbox account has no secret and no server default is set');
    return secret;
  }

  return {
    name: 'sandbox',
    accountKeys: SANDBOX_ACCOUNT_KEYS,

    async createPayment(input) {
      const q = new URLSearchParams({
        orderNo: input.orderNo,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
      });
      return { providerOrderId: sandboxProviderOrderId(input.orderNo), approveUrl: `/sandbox-pay?${q}` };
    },

    // The sandbox reports only by webhook; there is nothing to ask.
    async confirmPayment() {
      return null;
    },

    async verifyWebhook(req, account) {
      const sig = header(req.headers, SANDBOX_SIGNATURE_HEADER) ?? '';
      const parts = new Map(
        sig.split(',').map((p) => {
          const i = p.indexOf('=');
          return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
        }),
      );
      const t = parts.get('t') ?? '';
      const v1 = parts.get('v1') ?? '';
      if (!/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) {
        throw new WebhookSignatureError('sandbox signature header missing or malformed');
      }
      if (Math.abs(now() - Number(t)) > MAX_AGE_MS) {
        throw new WebhookSignatureError('sandbox webhook is stale');
      }
      const expected = Buffer.from(hmacHex(secretOf(account), t, req.rawBody), 'hex');
      // Both are 32 bytes (checked by the pattern above), as timingSafeEqual requires.
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) {
        throw new WebhookSignatureError('sandbox signature does not verify');
      }
      const body = parseJson(req.rawBody);
      const eventId = str(body?.id);
      const type = body?.type;
      // hasOwn: a type of "toString" must not find Object.prototype's.
      const kind =
        typeof type === 'string' && Object.hasOwn(KIND, type) ? KIND[type as SandboxEventType] : undefined;
      if (!body || !eventId) throw new ProviderError('sandbox webhook has no id');
      if (!kind) return null;
      const orderNo = str(body.orderNo);
      const amount = field(body, 'amountMinor');
      return {
        eventId,
        kind,
        orderNo,
        providerOrderId: orderNo && sandboxProviderOrderId(orderNo),
        transactionId: str(body.transactionId),
        amountMinor: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : undefined,
        currency: str(body.currency),
        raw: body,
      };
    },

    async refund(input) {
      return { refundId: `SBXR-${input.refundNo}`, status: 'done' };
    },

    // The sandbox is its own provider: its notices carry the server's signature, so what a
    // verified one says is what the provider says.
    async lookup(notice, order) {
      return notice.orderNo === order.orderNo ? notice : null;
    },
  };
}
