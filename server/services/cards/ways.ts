import { eq } from 'drizzle-orm';
import { isAdmin, PERMISSIONS } from '../../../config/roles';
import { can } from '../../../src/domain/ability';
import { parseTerminalIds } from '../../../src/domain/device-rules';
import { displayName } from '../../../src/domain/device-view';
import { CARD_TYPES } from '../../../src/domain/payment';
import { decideRenewWays } from '../../../src/domain/renew-ways';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDevicesInScope } from '../device-scope';
import { payeeOf } from '../payment/payee';
import { pricesOf } from '../payment/prices';
import { countsOf } from './balances';

async function contactOf(db: Db, id: number) {
  if (id <= 0) return null;
  const [u] = await db
    .select({ id: users.id, username: users.username, nickname: users.nickname, telephone: users.telephone })
    .from(users)
    .where(eq(users.id, id));
  return u ?? null;
}

/**
 * Every way the caller can renew these devices now (issue 32): its own cards (card:renew; the
 * administrator spends none) and online payment to the nearest agent above it that takes it
 * (order:pay, with prices), as renewBatchByCard and quoteOrder would allow. With no way open, the
 * next step and the account to ask: the parent for cards or a renewal, the payee for prices.
 */
export async function renewWays(db: Db, auth: AuthContext, terminalIDs: readonly string[] = []) {
  const ids = parseTerminalIds(terminalIDs);
  const found = await loadDevicesInScope(db, auth, ids);
  if (found.size !== ids.length) throw notFound();

  const canCards = can(auth.ability, PERMISSIONS.cardRenew);
  const canPay = can(auth.ability, PERMISSIONS.orderPay);
  const unlimited = canCards && isAdmin(auth.user);
  const counts = (await countsOf(db, [auth.user.id])).get(auth.user.id)!;
  const payee = canPay ? await payeeOf(db, auth.user) : null;
  const prices = payee ? (await pricesOf(db, payee.agent.id)).filter((p) => p.priceMinor != null) : [];
  const { ways, nextStep } = decideRenewWays({
    canCards,
    unlimited,
    cardCount: CARD_TYPES.reduce((n, t) => n + counts[t], 0),
    canPay,
    hasPayee: payee != null,
    payeeHasPrices: prices.length > 0,
  });
  const contact =
    nextStep == null
      ? null
      : await contactOf(db, nextStep === 'askForPrices' ? payee!.agent.id : auth.user.parentId);

  return {
    devices: ids.map((t) => {
      const d = found.get(t)!;
      return {
        terminalID: d.terminalId,
        name: displayName({ carNumber: d.carNumber, nickname: d.nickname, terminalID: d.terminalId }),
        expireAt: d.platformExpireAt?.toISOString() ?? null,
      };
    }),
    ways,
    nextStep,
    contact,
    cards: {
      allowed: canCards,
      unlimited,
      balances: canCards ? CARD_TYPES.map((cardType) => ({ cardType, count: counts[cardType] })) : [],
    },
    online: {
      allowed: ways.includes('online'),
      agent: payee?.agent ?? null,
      paymentTypes: payee?.accounts.map((a) => a.type).sort() ?? [],
      prices,
    },
  };
}
