import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { NotifyDispatcher } from './dispatcher';
import { createProvider } from './provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm notifier worker of this node and its SMS/phone provider. */
    notify: NotifyDispatcher;
  }
}

/**
 * Starts the notifier worker with the server and stops it (waiting for the sends in progress)
 * when the server closes. Any new alarm on the bus wakes it, so a notice goes out at once
 * rather than at the next poll; with NOTIFY_POLL_MS=0 this node sends nothing (another does).
 */
export default fp(
  async function notifyWorker(app: FastifyInstance) {
    const cfg = app.config.notify;
    const dispatcher = new NotifyDispatcher(app.db, createProvider(cfg.provider), {
      pollMs: cfg.pollMs,
      backoffMs: cfg.backoffMs,
      webhookTimeoutMs: cfg.webhookTimeoutMs,
      webhookPrivate: cfg.webhookPrivate,
    });
    app.decorate('notify', dispatcher);
    let off: (() => void) | null = null;
    app.addHook('onReady', async () => {
      dispatcher.start();
      off = app.bus.subscribe('dev.alarm.*', () => dispatcher.wake());
    });
    app.addHook('onClose', async () => {
      off?.();
      await dispatcher.stop();
    });
  },
  { name: 'notify-worker' },
);
