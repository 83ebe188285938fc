import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { NoInput, Type } from '../../lib/schema/primitives';
import { replies, repliesNull } from '../../lib/schema/response';
import { deleteEndpoint } from '../../notify/endpoints';
import { authOf } from '../../plugins/auth';
import { addWebhook, listWebhooks, WEBHOOKS_CHANGED } from '../../services/apikey/webhook-events';
import { WebhookRow } from '../apikey/schemas';
import { AddWebhook, WebhookIdParam } from './requests';
import { security, tags } from './schemas';

const READ = { access: { permission: [P.alarms] } };
const WRITE = { access: { permission: [P.alarms], write: true } };

/**
 * The caller's webhook endpoints (the alarm notifier's, server/notify): alarm events are
 * retried from a durable outbox, position events are batched (docs/api/public-api.md).
 */
export default async function v1WebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'List webhooks',
        description: "The caller's webhook endpoints and their events, without their secrets",
        querystring: NoInput(),
        response: replies(Type.Array(WebhookRow)),
      },
      config: READ,
    },
    async (req) => ok(await listWebhooks(db, authOf(req))),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Add a webhook',
        description:
          'A receiver of alarm and/or position events (default alarm), at most 10 per account. The answer holds the signing secret, shown once.',
        body: AddWebhook,
        response: replies(Type.Intersect([WebhookRow, Type.Object({ secret: Type.String() })])),
      },
      config: WRITE,
    },
    async (req) => ok(await addWebhook(db, app.bus, authOf(req), req.body)),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a webhook',
        params: WebhookIdParam,
        response: repliesNull(),
      },
      config: WRITE,
    },
    async (req) => {
      await deleteEndpoint(db, authOf(req), req.params.id);
      app.bus.publish(WEBHOOKS_CHANGED, { id: req.params.id });
      return ok(null);
    },
  );
}
