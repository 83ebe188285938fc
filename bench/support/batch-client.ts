import WebSocket from 'ws';

/**
 * The browser's side of a command batch in bench:commands: the owner's websocket (it is sent
 * every position of the fleet as well, as the monitor page is) and the batch API calls. Each
 * progress message is kept with its arrival time.
 */
export interface Progress {
  batchId: string;
  done: number;
  total: number;
  failed: number;
  /** Date.now() on arrival. */
  at: number;
}

export class ProgressSocket {
  readonly got: Progress[] = [];
  private socket: WebSocket;
  private waiters: (() => void)[] = [];

  constructor(port: number, token: string) {
    this.socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
    this.socket.on('message', (raw) => {
      const at = Date.now();
      const text = String(raw);
      // Position messages are most of the traffic; only progress is parsed in full.
      if (!text.startsWith('{"type":"batch"') && !text.startsWith('{"type":"hello"')) return;
      const msg = JSON.parse(text) as { type: string } & Omit<Progress, 'at'>;
      if (msg.type === 'hello') this.waiters.splice(0).forEach((w) => w());
      if (msg.type !== 'batch') return;
      this.got.push({ batchId: msg.batchId, done: msg.done, total: msg.total, failed: msg.failed, at });
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  /** Resolves once the hub has registered the socket (its greeting): no progress is missed after. */
  opened() {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push(resolve);
      this.socket.once('error', reject);
    });
  }

  /** The batch's final message (done === total), or null after `timeoutMs`. */
  async final(batchId: string, timeoutMs: number): Promise<Progress | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const last = this.got.find((p) => p.batchId === batchId && p.done === p.total);
      if (last) return last;
      const left = until - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  of(batchId: string) {
    return this.got.filter((p) => p.batchId === batchId);
  }

  close() {
    this.socket.close();
  }
}

/** POST to the API with the session token; answers the envelope's `data` (throws on failure). */
export async function apiCall<T>(port: number, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { meta?: { success?: boolean; message?: string }; data: T };
  if (!res.ok || json.meta?.success === false)
    throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json.meta ?? json).slice(0, 300)}`);
  return json.data;
}
