import { and, eq, inArray } from 'drizzle-orm';
import { PAYMENT_TYPE } from '../../../src/domain/codes';
import { ancestorIds } from '../../../src/domain/hierarchy';
import type { Db } from '../../db/client';
import { paymentAccounts, type PaymentAccountRow } from '../../db/schema/payment-accounts';
import { users, type UserRow } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope } from '../scope';
import { pricesOf } from './prices';
import { providerByName } from './providers';

/** The real provider of a payment type, for its account keys (whether or not the sandbox runs). */
export const realProviderOf = (type: number) =>
  providerByName(type === PAYMENT_TYPE.weixinMiniprogram ? 'wechat' : 'paypal');

export interface Payee {
  agent: Pick<UserRow, 'id' | 'username' | 'nickname'>;
  accounts: PaymentAccountRow[];
}

/**
 * Who is paid for a renewal: the nearest account above the payer that takes online payment
 * (has an enabled payment account). The money goes to the reseller who sold the device, at
 * that reseller's prices; the platform's admin sells by cards and has no one above it.
 */
export async function payeeOf(db: Db, payer: UserRow): Promise<Payee | null> {
  const chain = ancestorIds(payer).filter((id) => id > 0);
  if (!chain.length) return null;
  const accounts = await db
    .select()
    .from(paymentAccounts)
    .where(and(inArray(paymentAccounts.userId, chain), eq(paymentAccounts.enabled, true)));
  for (const id of [...chain].reverse()) {
    const own = accounts.filter((a) => a.userId === id);
    if (!own.length) continue;
    const [agent] = await db
      .select({ id: users.id, username: users.username, nickname: users.nickname })
      .from(users)
      .where(eq(users.id, id));
    return { agent: agent!, accounts: own };
  }
  return null;
}

/**
 * allowedPay (the pay-user flag): whether the account may renew online, and with what: the
 * payment types and prices of its payee.
 */
export async function allowedPay(db: Db, auth: AuthContext, userId?: number) {
  const payer = await loadInScope(db, auth, userId ?? auth.user.id);
  const payee = await payeeOf(db, payer);
  if (!payee) return { allowed: false, agent: null, paymentTypes: [], prices: [] };
  const prices = (await pricesOf(db, payee.agent.id)).filter((p) => p.priceMinor != null);
  return {
    allowed: prices.length > 0,
    agent: payee.agent,
    paymentTypes: payee.accounts.map((a) => a.type).sort(),
    prices,
  };
}
