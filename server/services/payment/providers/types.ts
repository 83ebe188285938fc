/**
 * The contract every payment provider adapter implements. Adapters are pure of database access:
 * they talk to the provider over an injected `fetch` and hand back what happened; the order
 * service decides what to store.
 */

export type ProviderName = 'paypal' | 'wechat' | 'sandbox';

/** Settings of an agent's payment account (payment_accounts.account jsonb), per provider. */
export type ProviderAccount = Record<string, string>;

export interface CreatePaymentInput {
  orderNo: string;
  amountMinor: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
  /** WeChat JSAPI/mini-program payer; absent = Native (QR code) */
  openid?: string;
}

export interface CreatedPayment {
  providerOrderId: string;
  /** where the browser goes to approve (PayPal approve link, sandbox checkout page) */
  approveUrl?: string;
  /** WeChat Native code_url to render as QR, or JSAPI/mini-program pay params */
  codeUrl?: string;
  payParams?: Record<string, string>;
}

/** What a verified provider message or query says happened. */
export interface PaymentEvent {
  eventId: string;
  kind: 'paid' | 'failed' | 'cancelled' | 'refunded';
  orderNo?: string;
  providerOrderId?: string;
  /** The payment's id at the provider (PayPal capture id, WeChat transaction_id), also on refunds. */
  transactionId?: string;
  /** For `refunded`: the amount refunded, not the order total. */
  amountMinor?: number;
  currency?: string;
  /** For `refunded`: our refund number, when the provider echoes it (WeChat out_refund_no). */
  refundNo?: string;
  /** For `refunded`: the provider's refund id. */
  refundId?: string;
  raw: unknown;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface RefundInput {
  orderNo: string;
  refundNo: string;
  transactionId: string;
  amountMinor: number;
  totalMinor: number;
  currency: string;
  reason?: string;
  /** WeChat sends REFUND.SUCCESS there; PayPal uses the app's webhook instead. */
  notifyUrl?: string;
}

export interface RefundResult {
  refundId: string;
  status: 'done' | 'pending';
}

export interface AccountKey {
  key: string;
  secret: boolean;
  required: boolean;
}

/** Our order as a notice about it is checked against: what we asked the provider to do. */
export interface NoticeSubject {
  orderNo: string;
  providerOrderId: string | null;
  /** The provider's payment id we know (PayPal capture, WeChat transaction), if any. */
  transactionId: string | null;
  /** Our refund number, when we asked for a refund. */
  refundNo: string | null;
}

export interface PaymentProvider {
  name: ProviderName;
  /** Which account keys it needs; secret ones are never sent back to browsers. */
  accountKeys: readonly AccountKey[];
  createPayment(input: CreatePaymentInput, account: ProviderAccount): Promise<CreatedPayment>;
  /** Confirms a payment the buyer approved (PayPal capture) or asks its state (WeChat query). null: still pending. */
  confirmPayment(
    providerOrderId: string,
    orderNo: string,
    account: ProviderAccount,
  ): Promise<PaymentEvent | null>;
  /** Verifies the signature and decodes; throws WebhookSignatureError when forged, returns null for events we ignore. */
  verifyWebhook(req: WebhookRequest, account: ProviderAccount): Promise<PaymentEvent | null>;
  refund(input: RefundInput, account: ProviderAccount): Promise<RefundResult>;
  /**
   * Asks the provider about the payment or refund a verified `paid` or `refunded` notice reports,
   * and answers what the provider says of it for this order (amount and currency included), or
   * null when the provider does not confirm it (not paid, not refunded, another order's). Money
   * moves on this answer, never on the notice's own figures.
   */
  lookup(notice: PaymentEvent, order: NoticeSubject, account: ProviderAccount): Promise<PaymentEvent | null>;
}

/** The I/O an adapter uses, injected so tests run without network, real time or randomness. */
export interface ProviderDeps {
  fetch?: typeof globalThis.fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Random string for nonces (WeChat allows at most 32 characters). */
  nonce?: () => string;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
  override name = 'ProviderError';
}
