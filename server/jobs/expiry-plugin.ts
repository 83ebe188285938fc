import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ExpiryReminderJob } from './expiry-reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily expiry reminders of this node (null when EXPIRY_REMINDER_INTERVAL_MS is 0). */
    expiryReminders: ExpiryReminderJob | null;
  }
}

/**
 * Runs the expiry reminders (docs/expiry.md) shortly after the server starts, then every
 * EXPIRY_REMINDER_INTERVAL_MS (a day); 0 turns them off on this node. Every run is
 * idempotent, so a cluster may run them on every node.
 */
export default fp(
  async function expiryJobs(app: FastifyInstance) {
    const intervalMs = app.config.expiryReminderIntervalMs;
    const job = intervalMs > 0 ? new ExpiryReminderJob(app.db, app.bus, { intervalMs }) : null;
    app.decorate('expiryReminders', job);
    if (!job) return;
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  },
  { name: 'expiry-reminders' },
);
