import WebSocket from 'ws';
import { backoffDelay } from '../../src/providers/live';
import { devicesFromColumns } from '../../src/pages/monitor/decode';
import type { LocationColumns } from '../../src/domain/device-locations';

/**
 * A browser's monitor page in node: the live websocket with the browser's reconnect rule
 * (src/providers/live.ts: back-off with jitter, "hello" resets it) and, after every reconnect,
 * the REST reload the monitor makes (findDeviceLocationAllV2), both through `base` (the
 * balancer). It keeps each device's newest fix time as the page would show it.
 */
export class LiveClient {
  /** deviceId → newest fix time (ms) seen, from the websocket or the reload. */
  readonly view = new Map<number, number>();
  /** Position events received: deviceId → fix times. */
  readonly received = new Map<number, Set<number>>();
  hellos = 0;
  /** Client-side port of the current connection (the balancer names its node by it). */
  localPort = 0;
  closedAt: number | null = null;
  /** Per reconnect: ms from the socket closing to the server's hello. */
  readonly reconnectMs: number[] = [];
  /** Per reload: when it was asked and what it answered (deviceId → fix time). */
  readonly reloads: { at: number; fixes: Map<number, number> }[] = [];
  private socket: WebSocket | null = null;
  private attempt = 0;
  private closed = false;

  constructor(
    private base: string,
    private token: string,
  ) {}

  open() {
    if (this.closed) return;
    const ws = new WebSocket(`ws://${this.base}/api/ws?token=${encodeURIComponent(this.token)}`);
    this.socket = ws;
    ws.on('open', () => {
      this.localPort = (ws as unknown as { _socket: { localPort: number } })._socket.localPort;
    });
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as {
        type: string;
        events?: { type: string; deviceId: number; fixTime?: string }[];
      };
      if (m.type === 'hello') {
        this.attempt = 0;
        if (this.hellos++ > 0) {
          this.reconnectMs.push(Date.now() - this.closedAt!);
          void this.reload();
        }
      }
      for (const e of m.events ?? []) {
        if (e.type !== 'position' || !e.fixTime) continue;
        const ms = Date.parse(e.fixTime);
        if (!this.received.has(e.deviceId)) this.received.set(e.deviceId, new Set());
        this.received.get(e.deviceId)!.add(ms);
        this.see(e.deviceId, ms);
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      this.closedAt = Date.now();
      if (!this.closed) setTimeout(() => this.open(), backoffDelay(this.attempt++));
    });
  }

  private see(deviceId: number, ms: number) {
    if ((this.view.get(deviceId) ?? 0) < ms) this.view.set(deviceId, ms);
  }

  /** The monitor's reload after a reconnect. */
  async reload() {
    const at = Date.now();
    const call = () =>
      fetch(`http://${this.base}/api/device/findDeviceLocationAllV2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: '{}',
      });
    // A kept-alive connection to the dead node fails at once; browsers retry such a request on a
    // new connection, and so do we (once).
    const r = await call().catch(() => call());
    const body = (await r.json()) as { data: { columns: LocationColumns } };
    const fixes = new Map<number, number>();
    for (const d of devicesFromColumns(body.data.columns)) {
      if (!d.location) continue;
      const ms = Date.parse(d.location.utcTime);
      fixes.set(d.id, ms);
      this.see(d.id, ms);
    }
    this.reloads.push({ at, fixes });
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
