import type { PayResultState } from '../../domain/payment';

/** How often /payResult asks for the order's state, and for how long before it stops asking. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 60_000;

export type PollStep =
  /** A final state: show it. */
  | { kind: 'done'; state: Exclude<PayResultState, 'confirming'> }
  /** Still confirming: ask again after `delayMs`. */
  | { kind: 'wait'; delayMs: number }
  /** Still confirming after the limit: say so and offer to refresh (the webhook may come later). */
  | { kind: 'timedOut' };

/** What /payResult does after an answer of POST /order/status, `startedAt` its first ask. */
export function nextPoll(state: PayResultState, startedAt: number, now: number): PollStep {
  if (state !== 'confirming') return { kind: 'done', state };
  const left = startedAt + POLL_LIMIT_MS - now;
  if (left <= 0) return { kind: 'timedOut' };
  return { kind: 'wait', delayMs: Math.min(POLL_INTERVAL_MS, left) };
}

/** The result page's query: the order, and whether the buyer came back through a cancel link. */
export function payResultQuery(q: URLSearchParams): { orderNo: string | null; cancel: boolean } {
  const orderNo = q.get('orderNo')?.trim() || null;
  return { orderNo, cancel: q.get('cancel') === '1' };
}
