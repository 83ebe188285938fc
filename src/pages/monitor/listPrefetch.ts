import { API_BASE, apiHeaders } from '../../providers/http';
import { SESSION_KEYS } from '../../providers/session';

/**
 * The monitor's device list, asked as soon as the monitor is opened, while its code is still
 * loading and mounting (about 400 ms on the 50,000-device bench, where the list then takes
 * 0.5–0.8 s to answer). Kept out of the monitor's chunk: the route's lazy loader starts it.
 */

/** A prefetched answer not taken within this long is dropped (the page asked something else). */
const FRESH_MS = 10_000;

interface Pending {
  body: string;
  at: number;
  response: Promise<Response>;
  ctrl: AbortController;
}
let pending: Pending | null = null;

/** The account chosen on the monitor earlier in this tab (session storage `selectAgentId`). */
export function storedAccountId(): number | undefined {
  const raw = Number(sessionStorage.getItem(SESSION_KEYS.selectAgentId));
  return Number.isInteger(raw) && raw > 0 ? raw : undefined;
}

const listBody = (userId: number | undefined) => JSON.stringify(userId ? { userId } : {});

function askList(body: string, signal: AbortSignal): Promise<Response> {
  return fetch(`${API_BASE}/device/findDeviceLocationAllV2`, {
    method: 'POST',
    headers: apiHeaders('POST'),
    credentials: 'include',
    body,
    signal,
  });
}

/** Starts asking the list the monitor will ask first (its stored account, else the caller's). */
export function prefetchDeviceList() {
  pending?.ctrl.abort();
  const ctrl = new AbortController();
  const body = listBody(storedAccountId());
  const response = askList(body, ctrl.signal);
  // A prefetch nobody takes must not surface as an unhandled rejection.
  response.catch(() => undefined);
  pending = { body, at: Date.now(), response, ctrl };
}

/** The prefetched answer when it asked the same and is fresh (taken once), else a new request. */
export function takeOrAskList(userId: number | undefined, signal: AbortSignal): Promise<Response> {
  const p = pending;
  pending = null;
  const body = listBody(userId);
  if (!p || p.body !== body || Date.now() - p.at > FRESH_MS) {
    p?.ctrl.abort();
    return askList(body, signal);
  }
  if (signal.aborted) p.ctrl.abort();
  else signal.addEventListener('abort', () => p.ctrl.abort(), { once: true });
  return p.response;
}
