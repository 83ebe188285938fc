import { EXPIRE_TYPE } from './device-rules';
import type { MessageKey } from './messages';
import { renewedExpiry, type CardType } from './payment';

/**
 * Renewal by card as a plan (issue 32): what one card does to one device, and what a batch of
 * renewals would do. The preview (server/services/cards/renew.ts, dry run) and the renewal itself
 * decide each device with `decideRenewal`, so what the preview shows is what is done.
 */

/** A device's expiries as a renewal reads them (docs/expiry.md). */
export interface ExpiryState {
  expire: Date | null;
  user: Date | null;
  expireType: number;
}

export interface Extension {
  before: Date | null;
  after: Date;
  /** Set when the user expiry decides (expire type 1) and moves too. */
  userBefore?: Date | null;
  userAfter?: Date | null;
}

/**
 * One card's effect: the platform expiry moves on by the card's validity; when the device's user
 * expiry is the one that decides, it moves by the same card, never past the platform expiry.
 * null: the device already runs for life.
 */
export function extensionOf(s: ExpiryState, cardType: CardType, now: Date): Extension | null {
  const after = renewedExpiry(s.expire, cardType, now);
  if (!after) return null;
  const userDecides = s.expireType === EXPIRE_TYPE.user && s.user != null;
  const userNext = userDecides ? renewedExpiry(s.user, cardType, now) : null;
  const userAfter = userNext && userNext.getTime() > after.getTime() ? after : userNext;
  return { before: s.expire, after, ...(userAfter ? { userBefore: s.user, userAfter } : {}) };
}

export type RenewalDecision = { ok: true; ext: Extension } | { ok: false; key: MessageKey };

/**
 * One device renewed with one card of a balance (null: unlimited, the administrator issues
 * cards). The order of the checks is the renewal's: unknown device, no card left, already lifetime.
 */
export function decideRenewal(
  s: ExpiryState | undefined,
  cardType: CardType,
  balance: number | null,
  now: Date,
): RenewalDecision {
  if (!s) return { ok: false, key: 'notFound' };
  if (balance != null && balance < 1) return { ok: false, key: 'cardInsufficient' };
  const ext = extensionOf(s, cardType, now);
  return ext ? { ok: true, ext } : { ok: false, key: 'alreadyLifetime' };
}

export interface RenewalPlan {
  items: { terminalID: string; ext: Extension }[];
  failed: { terminalID: string; key: MessageKey }[];
  /** Cards the plan spends (0 for an unlimited balance). */
  spent: number;
  /** What is left afterwards; null: unlimited. */
  balanceAfter: number | null;
}

/** The devices renewed one after another, each taking a card from what the previous left. */
export function planCardRenewals(
  ids: readonly string[],
  states: ReadonlyMap<string, ExpiryState>,
  cardType: CardType,
  balance: number | null,
  now: Date,
): RenewalPlan {
  let left = balance;
  const plan: RenewalPlan = { items: [], failed: [], spent: 0, balanceAfter: balance };
  for (const terminalID of ids) {
    const d = decideRenewal(states.get(terminalID), cardType, left, now);
    if (!d.ok) {
      plan.failed.push({ terminalID, key: d.key });
      continue;
    }
    plan.items.push({ terminalID, ext: d.ext });
    if (left != null) {
      left -= 1;
      plan.spent += 1;
    }
  }
  plan.balanceAfter = left;
  return plan;
}
