/**
 * Which adapter serves an order: by its payment type, unless the server runs the payment sandbox
 * (PAYMENT_SANDBOX=1, an explicit opt-in the embedded demo makes), where every payment type goes
 * to the sandbox provider.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_TYPE } from '../../../../src/domain/codes';
import { createPayPalProvider, type PayPalDeps } from './paypal';
import { createSandboxProvider } from './sandbox';
import { ProviderError, type PaymentProvider, type ProviderName } from './types';
import { createWeChatProvider } from './wechat';

export * from './types';
export { signSandboxWebhook, sandboxProviderOrderId, type SandboxWebhookBody } from './sandbox';
export { missingKeys, publicAccount, formatMinor, parseMinor } from './util';

export interface ProviderOptions extends PayPalDeps {
  /** Route every payment type to the sandbox; default: paymentSandboxEnabled(). */
  sandbox?: boolean;
  /** Sandbox webhook secret for accounts without their own `secret`; default: sandboxSecret(). */
  sandboxSecret?: string;
}

/** The sandbox runs only when asked for: in it any payer completes their own order for free. */
export function paymentSandboxEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PAYMENT_SANDBOX === '1';
}

let processSecret: string | undefined;

/**
 * The server's sandbox webhook secret: PAYMENT_SANDBOX_SECRET, else one random per process (then
 * a webhook signed by one node of a cluster does not verify on another, so set it there).
 */
export function sandboxSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PAYMENT_SANDBOX_SECRET) return env.PAYMENT_SANDBOX_SECRET;
  processSecret ??= randomBytes(32).toString('hex');
  return processSecret;
}

const PROVIDER_OF_TYPE: Record<number, ProviderName> = {
  [PAYMENT_TYPE.paypal]: 'paypal',
  [PAYMENT_TYPE.weixinMiniprogram]: 'wechat',
};

/** One adapter per provider when nothing is injected, so PayPal's token and certificate caches last. */
const shared = new Map<ProviderName, PaymentProvider>();

function injected(opts: ProviderOptions): boolean {
  return Boolean(opts.fetch || opts.now || opts.nonce || opts.fetchCert || opts.sandboxSecret);
}

function create(name: ProviderName, opts: ProviderOptions): PaymentProvider {
  switch (name) {
    case 'paypal':
      return createPayPalProvider(opts);
    case 'wechat':
      return createWeChatProvider(opts);
    case 'sandbox':
      return createSandboxProvider({ now: opts.now, secret: opts.sandboxSecret ?? sandboxSecret() });
    default:
      throw new ProviderError(`unknown payment provider ${String(name)}`);
  }
}

export function providerByName(name: ProviderName, opts: ProviderOptions = {}): PaymentProvider {
  if (injected(opts)) return create(name, opts);
  let p = shared.get(name);
  if (!p) {
    p = create(name, opts);
    shared.set(name, p);
  }
  return p;
}

/** The adapter for an order's payment type (PAYMENT_TYPE of src/domain/codes.ts). */
export function providerFor(paymentType: number, opts: ProviderOptions = {}): PaymentProvider {
  const name = Object.hasOwn(PROVIDER_OF_TYPE, paymentType) ? PROVIDER_OF_TYPE[paymentType] : undefined;
  if (!name) throw new ProviderError(`unknown payment type ${paymentType}`);
  return providerByName((opts.sandbox ?? paymentSandboxEnabled()) ? 'sandbox' : name, opts);
}
