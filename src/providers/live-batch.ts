import { API_BASE } from './http';
import type { BatchProgress } from '../domain/live-events';
import { getToken } from './session';

export type { BatchProgress } from '../domain/live-events';

type Listener = (p: BatchProgress) => void;

/** A fresh id for a batch call; the server tags its progress messages with it. */
export function newBatchId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function wsUrl(token: string): string {
  const { protocol, host } = window.location;
  const scheme = protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${host}${API_BASE}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Listens for the progress of one batch. Resolves once the socket is open, so the caller sends
 * the batch request only when no progress message can be missed; `close()` ends the listening.
 * A socket of its own per batch keeps this independent of the monitor's live connection; the
 * server sends progress to every socket of the account. If the socket cannot open, the batch
 * still runs: the HTTP answer carries the result, only the bar stays still.
 */
export async function watchBatch(batchId: string, onProgress: Listener): Promise<{ close: () => void }> {
  const token = getToken();
  if (!token || typeof WebSocket === 'undefined') return { close: () => undefined };
  const socket = new WebSocket(wsUrl(token));
  let ready: () => void = () => undefined;
  const registered = new Promise<void>((resolve) => (ready = resolve));
  socket.addEventListener('message', (ev) => {
    try {
      const msg = JSON.parse(String(ev.data)) as Partial<BatchProgress> | { type: 'hello' };
      // The hub greets a socket once it is registered: from then on no progress is missed.
      if (msg.type === 'hello') ready();
      else if (msg.type === 'batch' && msg.batchId === batchId) onProgress(msg as BatchProgress);
    } catch {
      // not JSON: ignored
    }
  });
  socket.addEventListener('error', () => ready(), { once: true });
  socket.addEventListener('close', () => ready(), { once: true });
  const timer = setTimeout(() => ready(), 3000);
  await registered;
  clearTimeout(timer);
  return { close: () => socket.close() };
}
