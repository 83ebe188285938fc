import type { WebSocket } from 'ws';
import { SUBJECT, type EventBus } from '../bus/types';
import type { Db } from '../db/client';
import type { AuthContext } from '../plugins/auth';
import { ALL_BATCH_SUBJECTS, userIdOfBatchSubject, type BatchProgress } from './batch-progress';
import { CoalescedTask } from './coalesced-task';
import { visibleDevices } from './scope';
import { LogWatchChannel } from './log-watch';

type DeviceEvent = { deviceId: number; type?: string; lat?: number | null };

/**
 * What the browsers see of an expired device's event (docs/expiry.md): no positions, as the
 * monitor's list hides them; its alarms (the expiry reminders among them) without coordinates;
 * its state changes as they are.
 */
function expiredView(event: DeviceEvent): DeviceEvent | null {
  if (event.type === 'position') return null;
  if (event.type === 'alarm') return { ...event, lat: null, lon: null, speed: null } as DeviceEvent;
  return event;
}

interface Client {
  socket: WebSocket;
  auth: AuthContext;
  /** Visible devices and their decisive expiry (epoch ms, null: none). */
  devices: Map<number, number | null>;
  outbox: unknown[];
}

/** How often queued events go out, as one message per client. */
const FLUSH_MS = 250;
/**
 * How often the clients' visible devices are reloaded anyway: the routes that change scopes say
 * so on the bus (server/realtime/scope-changes.ts), but a change made elsewhere (an expiry
 * passing, the seed, a script) is only seen here.
 */
const SCOPE_REFRESH_MS = 60_000;
/** A burst of scope changes (a batch of transfers) is gathered into one reload this much later. */
const SCOPE_CHANGE_DELAY_MS = 300;
/** A client that cannot keep up loses its oldest events beyond this. */
const MAX_OUTBOX = 20_000;

/**
 * Live events to browsers. One bus subscription per process; each event goes only to clients
 * whose user may see the device. Events are batched per client so a busy fleet costs one
 * websocket message per quarter second, not one per position.
 */
export class RealtimeHub {
  private clients = new Set<Client>();
  private off: () => void;
  private offBatch: () => void;
  private offScopes: () => void;
  private scopeRefresh = new CoalescedTask(() => this.refreshScopes(), SCOPE_CHANGE_DELAY_MS);
  private flushTimer: NodeJS.Timeout;
  private refreshTimer: NodeJS.Timeout;
  /** The factory live log monitor's frames (server/realtime/log-watch.ts). */
  private logWatch: LogWatchChannel;

  constructor(
    private db: Db,
    bus: EventBus,
  ) {
    this.off = bus.subscribe<DeviceEvent>(SUBJECT.allDeviceEvents, (event) => this.dispatch(event));
    this.offBatch = bus.subscribe<BatchProgress>(ALL_BATCH_SUBJECTS, (p, subject) =>
      this.sendToUser(userIdOfBatchSubject(subject), p),
    );
    this.offScopes = bus.subscribe(SUBJECT.scopesChanged, () => this.scopeRefresh.request());
    this.logWatch = new LogWatchChannel(bus);
    this.flushTimer = setInterval(() => this.flush(), FLUSH_MS);
    this.refreshTimer = setInterval(() => this.scopeRefresh.request(), SCOPE_REFRESH_MS);
    this.flushTimer.unref();
    this.refreshTimer.unref();
  }

  get size() {
    return this.clients.size;
  }

  async add(socket: WebSocket, auth: AuthContext) {
    const client: Client = { socket, auth, devices: await visibleDevices(this.db, auth), outbox: [] };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
    this.logWatch.attach(socket, auth);
    socket.send(JSON.stringify({ type: 'hello', devices: client.devices.size }));
  }

  private dispatch(event: DeviceEvent) {
    const now = Date.now();
    for (const c of this.clients) {
      const expiry = c.devices.get(event.deviceId);
      if (expiry === undefined) continue;
      const shown = expiry != null && expiry < now ? expiredView(event) : event;
      if (!shown) continue;
      if (c.outbox.length >= MAX_OUTBOX) c.outbox.shift();
      c.outbox.push(shown);
    }
  }

  /** Batch progress goes out at once (its publisher already throttles it), to that account only. */
  private sendToUser(userId: number, message: BatchProgress) {
    const text = JSON.stringify(message);
    for (const c of this.clients) {
      if (c.auth.user.id === userId && c.auth.deviceId == null && c.socket.readyState === c.socket.OPEN)
        c.socket.send(text);
    }
  }

  private flush() {
    for (const c of this.clients) {
      if (c.outbox.length === 0 || c.socket.readyState !== c.socket.OPEN) continue;
      const events = c.outbox;
      c.outbox = [];
      c.socket.send(JSON.stringify({ type: 'events', events }));
    }
  }

  private async refreshScopes() {
    for (const c of this.clients) {
      try {
        c.devices = await visibleDevices(this.db, c.auth);
      } catch {
        // keep the old scope until the next round
      }
    }
  }

  close() {
    this.off();
    this.offBatch();
    this.offScopes();
    this.scopeRefresh.close();
    this.logWatch.close();
    clearInterval(this.flushTimer);
    clearInterval(this.refreshTimer);
    for (const c of this.clients) c.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }
}
