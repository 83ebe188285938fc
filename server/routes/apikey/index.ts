import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { NoInput, Type } from '../../lib/schema/primitives';
import { replies, repliesNull } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { createKey, deleteKey, listKeys, refreshKey, revokeKey, updateKey } from '../../services/apikey/keys';
import { listWebhooks, setWebhookEvents } from '../../services/apikey/webhook-events';
import {
  AddKeyBody,
  EventsBody,
  KeyIdBody,
  KeyRow,
  KeyWithSecret,
  UpdateKeyBody,
  WebhookRow,
} from './schemas';

const tags = ['api key'];
// Every reseller and customer role sees the monitor; the demo and device logins are refused by
// the writes (and by the service). The keys are always the caller's own.
const READ = { access: { permission: [P.monitor] } };
const WRITE = { access: { permission: [P.monitor], write: true } };
const ALARM_WRITE = { access: { permission: [P.alarms], write: true } };

/** API keys and webhook events of the caller's account (issue 16, docs/api/public-api.md). */
export default async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/apikey/list',
    {
      schema: {
        tags,
        summary: 'List my API keys',
        description: "The caller's API keys with their status and last use; never their secrets",
        body: NoInput(),
        response: replies(Type.Array(KeyRow)),
      },
      config: READ,
    },
    async (req) => ok(await listKeys(db, authOf(req))),
  );

  app.post(
    '/apikey/add',
    {
      schema: {
        tags,
        summary: 'Create an API key',
        description:
          'Makes a key acting as the caller within its subtree. The answer holds the secret, shown this once. ' +
          'An account without command or alarm permissions may only make read keys; at most 10 keys.',
        body: AddKeyBody,
        response: replies(KeyWithSecret, 'The key with its secret'),
      },
      config: WRITE,
    },
    async (req) => ok(await createKey(db, authOf(req), req.body)),
  );

  app.post(
    '/apikey/update',
    {
      schema: {
        tags,
        summary: 'Rename an API key or change its rate',
        body: UpdateKeyBody,
        response: replies(KeyRow),
      },
      config: WRITE,
    },
    async (req) => ok(await updateKey(db, authOf(req), req.body)),
  );

  app.post(
    '/refreshApiKey',
    {
      schema: {
        tags,
        summary: 'Give an API key a new secret',
        description:
          'refreshApiKey (spec section 7): the old secret is refused from now on; the new one is answered once',
        body: KeyIdBody,
        response: replies(KeyWithSecret, 'The key with its new secret'),
      },
      config: WRITE,
    },
    async (req) => ok(await refreshKey(db, authOf(req), req.body.id)),
  );

  app.post(
    '/apikey/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description: 'The key is refused from now on; it stays listed as revoked',
        body: KeyIdBody,
        response: replies(KeyRow),
      },
      config: WRITE,
    },
    async (req) => ok(await revokeKey(db, authOf(req), req.body.id)),
  );

  app.post(
    '/apikey/delete',
    {
      schema: { tags, summary: 'Delete an API key', body: KeyIdBody, response: repliesNull() },
      config: WRITE,
    },
    async (req) => {
      await deleteKey(db, authOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/apikey/webhook/list',
    {
      schema: {
        tags,
        summary: 'My webhook endpoints and their events',
        description:
          "The caller's webhook endpoints (made on the alarm notification screen) with the events each receives",
        body: NoInput(),
        response: replies(Type.Array(WebhookRow)),
      },
      config: READ,
    },
    async (req) => ok(await listWebhooks(db, authOf(req))),
  );

  app.post(
    '/apikey/webhook/events',
    {
      schema: {
        tags,
        summary: 'Choose the events a webhook endpoint receives',
        description:
          'alarm: each alarm, signed, retried; position: positions of the subtree in signed batches',
        body: EventsBody,
        response: replies(WebhookRow),
      },
      config: ALARM_WRITE,
    },
    async (req) => ok(await setWebhookEvents(db, app.bus, authOf(req), req.body.id, req.body.events)),
  );
}
