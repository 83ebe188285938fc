import { eq } from 'drizzle-orm';
import { PAYMENT_TYPE } from '../../../src/domain/codes';
import type { Db } from '../../db/client';
import { paymentAccounts } from '../../db/schema/payment-accounts';
import { badRequest } from '../../lib/errors';
import { paymentSandboxEnabled, type ProviderAccount } from './providers';

/**
 * Whether an account's keys move real money: every WeChat Pay account (WeChat has no test
 * mode), and PayPal accounts in live mode. PayPal's own sandbox mode moves none.
 */
export function movesRealMoney(type: number, account: ProviderAccount): boolean {
  return !(type === PAYMENT_TYPE.paypal && account.mode === 'sandbox');
}

/**
 * Why the payment sandbox may not run beside this installation: in it any payer completes their
 * own order for free, so it must never share a server with real payment accounts or a public
 * address. Empty: nothing stands in its way.
 */
export async function sandboxConflicts(db: Db, publicUrl: string | null): Promise<string[]> {
  const reasons = publicUrl ? [`PUBLIC_URL is set (${publicUrl})`] : [];
  const enabled = await db.select().from(paymentAccounts).where(eq(paymentAccounts.enabled, true));
  for (const a of enabled)
    if (movesRealMoney(a.type, a.account))
      reasons.push(`payment account ${a.id} of user ${a.userId} takes real money and is enabled`);
  return reasons;
}

/**
 * At start: with the sandbox on, say so in the log, and refuse to start beside a real account or
 * a public address (the error names them and the way out).
 */
export async function checkPaymentSandbox(db: Db, publicUrl: string | null, warn: (line: string) => void) {
  if (!paymentSandboxEnabled()) return;
  const reasons = await sandboxConflicts(db, publicUrl);
  if (reasons.length)
    throw new Error(
      `PAYMENT_SANDBOX=1 would let any payer complete their own order for free, and ${reasons.join('; ')}. ` +
        'Run with PAYMENT_SANDBOX=0, or disable those accounts and unset PUBLIC_URL.',
    );
  warn(
    'WARNING: the payment sandbox is on (PAYMENT_SANDBOX=1): online renewals are paid on a local test page and move no money. Never use it with real customers.',
  );
}

/** While the sandbox runs, an account that takes real money cannot be enabled. */
export function assertSandboxAllows(type: number, account: ProviderAccount, enabled: boolean) {
  if (enabled && paymentSandboxEnabled() && movesRealMoney(type, account)) throw badRequest('paymentSandboxOn');
}
