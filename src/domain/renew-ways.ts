/**
 * The ways an account can renew a device (issue 32): its own renewal cards and online payment to
 * the agent above it. The server decides (server/services/cards/ways.ts) and the renew page shows
 * what it answers; an account with no way is told what to do next and whom to ask.
 */

export const RENEW_WAYS = ['cards', 'online'] as const;
/** Most devices one ways request asks about. */
export const RENEW_WAYS_DEVICES_MAX = 1000;
export type RenewWay = (typeof RENEW_WAYS)[number];

/**
 * What to do when no way is open:
 *  - askForCards: the account renews by card but holds none; its parent account gives cards;
 *  - askForPrices: the agent above takes online payment but has set no price;
 *  - askAgent: the account cannot renew itself; the account above renews its devices.
 */
export type RenewNextStep = 'askForCards' | 'askForPrices' | 'askAgent';

export interface RenewWaysInput {
  /** Holds the card:renew permission. */
  canCards: boolean;
  /** Spends no card (the administrator issues them). */
  unlimited: boolean;
  /** Cards of every type the account holds. */
  cardCount: number;
  /** Holds the order:pay permission. */
  canPay: boolean;
  /** An agent above takes online payment (an enabled payment account). */
  hasPayee: boolean;
  /** ... and has at least one price. */
  payeeHasPrices: boolean;
}

export interface RenewWaysDecision {
  ways: RenewWay[];
  nextStep: RenewNextStep | null;
}

export function decideRenewWays(i: RenewWaysInput): RenewWaysDecision {
  const ways: RenewWay[] = [];
  if (i.canCards && (i.unlimited || i.cardCount > 0)) ways.push('cards');
  if (i.canPay && i.hasPayee && i.payeeHasPrices) ways.push('online');
  if (ways.length) return { ways, nextStep: null };
  if (i.canCards) return { ways, nextStep: 'askForCards' };
  if (i.canPay && i.hasPayee) return { ways, nextStep: 'askForPrices' };
  return { ways, nextStep: 'askAgent' };
}
