import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { NoInput } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import {
  addEndpoint,
  deleteEndpoint,
  listEndpoints,
  testEndpoint,
  updateEndpoint,
} from '../../notify/endpoints';
import { listNotices } from '../../notify/log';
import { Page, replies, repliesNull } from '../../lib/schema/response';
import { EndpointRow, NewEndpoint, NoticeRow, TestResult } from './responses';
import { AddWebhookBody, NoticeListBody, UpdateWebhookBody, WebhookIdBody } from './schemas';

/**
 * Alarm notifications (docs/api/notify.md): the caller's webhook endpoints and the log of the
 * SMS, calls and webhook posts made for alarms of its subtree. Permission `alarm:list`; the
 * demo account may read, not write.
 */
const tags = ['notify'];
const READ = { access: { permission: [P.alarms] } };
const WRITE = { access: { permission: [P.alarms], write: true } };

export default async function notifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/notify/webhook/list',
    {
      schema: {
        tags,
        description: "The caller's webhook endpoints (without their secrets)",
        body: NoInput(),
        response: replies(Page(EndpointRow)),
      },
      config: READ,
    },
    async (req) => {
      const list = await listEndpoints(app.db, authOf(req));
      return ok({ list, total: list.length });
    },
  );

  app.post(
    '/notify/webhook/add',
    {
      schema: {
        tags,
        description:
          'Adds a webhook endpoint (http or https URL, at most 10 per account). Without a secret the server ' +
          'makes one; the secret is answered here only',
        body: AddWebhookBody,
        response: replies(NewEndpoint),
      },
      config: WRITE,
    },
    async (req) => ok(await addEndpoint(app.db, authOf(req), req.body)),
  );

  app.post(
    '/notify/webhook/update',
    {
      schema: {
        tags,
        description: "Changes a webhook endpoint's URL, secret or switch (enabled)",
        body: UpdateWebhookBody,
        response: replies(EndpointRow),
      },
      config: WRITE,
    },
    async (req) => ok(await updateEndpoint(app.db, authOf(req), req.body)),
  );

  app.post(
    '/notify/webhook/delete',
    {
      schema: {
        tags,
        description: 'Deletes a webhook endpoint',
        body: WebhookIdBody,
        response: repliesNull(),
      },
      config: WRITE,
    },
    async (req) => {
      await deleteEndpoint(app.db, authOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/notify/webhook/test',
    {
      schema: {
        tags,
        description:
          'Queues a signed test event to the endpoint and answers at once with its notification id; the log shows the result',
        body: WebhookIdBody,
        response: replies(TestResult),
      },
      config: WRITE,
    },
    async (req) => ok(await testEndpoint(app.db, authOf(req), req.body.id, app.notify)),
  );

  app.post(
    '/notify/log',
    {
      schema: {
        tags,
        description:
          "Notices (SMS, calls, webhook posts) for accounts of the caller's subtree, newest first, with their status and attempts",
        body: NoticeListBody,
        response: replies(Page(NoticeRow)),
      },
      config: READ,
    },
    async (req) => ok(await listNotices(app.db, authOf(req), req.body)),
  );
}
