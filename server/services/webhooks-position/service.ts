import type { FastifyBaseLogger } from 'fastify';
import type { PositionEvent } from '../../../src/domain/live-events';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { postWebhook } from '../../notify/webhook';
import { WEBHOOKS_CHANGED } from '../apikey/webhook-events';
import { PositionBatcher } from './batcher';
import { loadRoutes, type Routes } from './routing';

/** One position as a webhook batch carries it (docs/api/public-api.md): the live event's fix, by IMEI. */
export type PositionItem = Omit<PositionEvent, 'type' | 'deviceId' | 'alarm'> & { terminalId: string };

export interface PositionWebhookOptions {
  flushMs: number;
  batchMax: number;
  timeoutMs: number;
  /** NOTIFY_WEBHOOK_PRIVATE=allow: receivers on private addresses are allowed (address-guard.ts). */
  allowPrivate: boolean;
  /** How often the routes are read again besides on a change announced on the bus. */
  reloadMs?: number;
}

/** Positions queued per endpoint at most, in batches: beyond, the oldest are dropped. */
const QUEUED_BATCHES = 10;

/**
 * Position webhooks (issue 16): positions of the devices an endpoint's owner reaches, posted in
 * signed batches (the alarm webhooks' signature) every flushMs or as soon as batchMax wait. Best
 * effort by design: one post at a time per endpoint, no retry, a bounded queue whose overflow is
 * dropped, counted in the next batch (`dropped`) and logged. The bus handler only does map
 * lookups and pushes, so ingestion never waits on a receiver.
 */
export class PositionWebhooks {
  private routes: Routes = { receivers: new Map(), devices: new Map() };
  private batcher: PositionBatcher<PositionItem>;
  private inFlight = new Map<number, Promise<void>>();
  private offs: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private seq = Date.now();
  /** Batches posted and failed since start (tests and the log). */
  readonly stats = { posted: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly opts: PositionWebhookOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.batcher = new PositionBatcher({
      batchMax: opts.batchMax,
      maxQueued: opts.batchMax * QUEUED_BATCHES,
    });
  }

  async start() {
    this.offs.push(this.bus.subscribe<PositionEvent>('dev.pos.*', (e) => this.onPosition(e)));
    this.offs.push(this.bus.subscribe(WEBHOOKS_CHANGED, () => void this.reload()));
    this.timers.push(setInterval(() => this.flush(), this.opts.flushMs));
    this.timers.push(setInterval(() => void this.reload(), this.opts.reloadMs ?? 60_000));
    for (const t of this.timers) t.unref();
    await this.reload();
  }

  /** Reads the routes again; concurrent calls share one read and a change during it reads once more. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        try {
          this.routes = await loadRoutes(this.db);
          this.batcher.keepOnly(new Set(this.routes.receivers.keys()));
        } catch (err) {
          this.log.warn({ err }, 'position webhooks: routes not reloaded');
        }
      } while (this.reloadAgain);
      this.reloading = null;
    })();
    return this.reloading;
  }

  onPosition(e: PositionEvent) {
    const route = this.routes.devices.get(e.deviceId);
    if (!route || e.type !== 'position') return;
    if (route.expiry != null && route.expiry < Date.now()) return;
    const { type: _type, deviceId: _deviceId, alarm: _alarm, ...fix } = e;
    const item: PositionItem = { terminalId: route.terminalId, ...fix };
    for (const id of route.endpointIds) if (this.batcher.add(id, item)) this.send(id);
  }

  /** Sends one waiting batch per endpoint that has no post under way. */
  flush() {
    for (const id of this.batcher.pending()) this.send(id);
  }

  private send(endpointId: number) {
    if (this.inFlight.has(endpointId)) return;
    const receiver = this.routes.receivers.get(endpointId);
    const batch = this.batcher.take(endpointId);
    if (!receiver || !batch) return;
    if (batch.dropped)
      this.log.warn({ endpointId, dropped: batch.dropped }, 'position webhooks: positions dropped');
    const body = JSON.stringify({
      event: 'position',
      sentAt: new Date().toISOString(),
      dropped: batch.dropped,
      positions: batch.items,
    });
    const post = (async () => {
      try {
        // postWebhook checks the receiver's address and connects to the one it checked.
        await postWebhook(receiver.url, receiver.secret, body, ++this.seq, this.opts.timeoutMs, new Date(), {
          allowPrivate: !!this.opts.allowPrivate,
        });
        this.stats.posted++;
      } catch (err) {
        this.stats.failed++;
        this.batcher.drop(endpointId, batch.items.length);
        this.log.warn({ endpointId, err: (err as Error).message }, 'position webhooks: batch not delivered');
      } finally {
        this.inFlight.delete(endpointId);
      }
    })();
    this.inFlight.set(endpointId, post);
  }

  async stop() {
    for (const off of this.offs) off();
    for (const t of this.timers) clearInterval(t);
    this.offs = [];
    this.timers = [];
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
