import type { FastifyInstance } from 'fastify';
import { PositionWebhooks } from '../../services/webhooks-position/service';
import v1CommandRoutes from './commands';
import v1DeviceRoutes from './devices';
import { registerRateLimit } from './rate-limit';
import v1ReportRoutes from './reports';
import v1WebhookRoutes from './webhooks';

/**
 * The public API under /api/v1 (docs/api/public-api.md): API keys (Bearer or X-API-Key) or a
 * login session, the caller's subtree only, rate limited, answers in the platform's envelope.
 * This node also posts position webhooks unless POSITION_WEBHOOKS=0.
 */
export default async function publicApiV1Routes(fastify: FastifyInstance) {
  await registerRateLimit(fastify);
  await fastify.register(v1DeviceRoutes);
  await fastify.register(v1ReportRoutes);
  await fastify.register(v1CommandRoutes);
  await fastify.register(v1WebhookRoutes);

  const cfg = fastify.config.positionWebhooks;
  if (!cfg.enabled) return;
  const webhooks = new PositionWebhooks(
    fastify.db,
    fastify.bus,
    {
      flushMs: cfg.flushMs,
      batchMax: cfg.batchMax,
      timeoutMs: fastify.config.notify.webhookTimeoutMs,
      allowPrivate: fastify.config.notify.webhookPrivate,
    },
    fastify.log,
  );
  fastify.addHook('onReady', async () => webhooks.start());
  fastify.addHook('onClose', async () => webhooks.stop());
}
