import WebSocket from 'ws';

/**
 * A second websocket client next to the page, logged in as the same account: it records when
 * each position event leaves the server, so the benchmark can split the update delay into the
 * server path (TCP frame → gateway → database → bus → websocket) and the page's own share.
 */
export class WsProbe {
  /** `${terminalId}|${fix seconds}` → Date.now() when the event arrived. */
  readonly arrived = new Map<string, number>();
  /** Date.now() of the last position event. */
  lastPositionAt = 0;
  private socket: WebSocket;

  constructor(port: number, token: string, terminalOf: Map<number, string>) {
    this.socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
    this.socket.on('message', (raw) => {
      const now = Date.now();
      const msg = JSON.parse(String(raw)) as {
        type: string;
        events?: { type: string; deviceId: number; fixTime?: string }[];
      };
      if (msg.type !== 'events') return;
      for (const e of msg.events ?? []) {
        if (e.type !== 'position' || !e.fixTime) continue;
        this.lastPositionAt = now;
        const tid = terminalOf.get(e.deviceId);
        if (tid) this.arrived.set(`${tid}|${Date.parse(e.fixTime) / 1000}`, now);
      }
    });
  }

  /** Resolves once no position has arrived for `quietMs` (at most `maxMs`). */
  async quiet(quietMs = 1000, maxMs = 60_000) {
    const until = Date.now() + maxMs;
    while (Date.now() - this.lastPositionAt < quietMs && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  opened() {
    return new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  close() {
    this.socket.close();
  }
}
