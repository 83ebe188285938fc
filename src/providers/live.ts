/**
 * Live device events from GET /api/ws?token= (server/routes/ws.ts, server/realtime/hub.ts).
 * The hub sends {type:'hello'} on connect, then {type:'events', events:[…]} every 250 ms. This
 * client reconnects with exponential back-off and jitter, and tells the caller after a
 * reconnect so it can refresh over REST what it missed while away.
 */
import { API_MESSAGE } from '../domain/codes';
import type { AlarmEvent, PositionEvent, StateEvent } from '../domain/live-events';
import { API_BASE } from './http';
import { expireSession } from './session';

export type { AlarmEvent, PositionEvent, StateEvent } from '../domain/live-events';

export type LiveEvent = PositionEvent | StateEvent | AlarmEvent | { type: string; deviceId: number };

export type LiveStatus = 'connecting' | 'open' | 'closed';

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, with "equal
 * jitter" (half fixed, half random) so a server restart is not hit by every browser at once.
 */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (base / 2) * random);
}

export interface LiveOptions {
  token: string;
  onEvents(events: LiveEvent[]): void;
  /** Called on every connection after the first, once the server said hello. */
  onReconnect?(): void;
  onStatus?(status: LiveStatus): void;
}

export interface LiveConnection {
  close(): void;
}

function wsUrl(token: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}${API_BASE}/ws?token=${encodeURIComponent(token)}`;
}

export function connectLive(opts: LiveOptions): LiveConnection {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everOpened = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const open = () => {
    if (closed) return;
    opts.onStatus?.('connecting');
    const ws = new WebSocket(wsUrl(opts.token));
    socket = ws;
    ws.onmessage = (msg) => {
      let data: { type?: string; events?: LiveEvent[]; message?: string };
      try {
        data = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      if (data.type === 'hello') {
        attempt = 0;
        opts.onStatus?.('open');
        if (everOpened) opts.onReconnect?.();
        everOpened = true;
      } else if (data.type === 'events' && Array.isArray(data.events)) {
        opts.onEvents(data.events);
      } else if (data.type === 'error' && data.message === API_MESSAGE.sessionExpired) {
        // The token is no longer valid: retrying cannot help; the route guard takes over.
        closed = true;
        expireSession();
      }
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      opts.onStatus?.('closed');
      if (closed) return;
      timer = setTimeout(open, backoffDelay(attempt++));
    };
  };
  open();

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000);
      socket = null;
    },
  };
}
