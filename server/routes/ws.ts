import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Body, Token } from '../lib/schema/primitives';
import { API_MESSAGE } from '../../src/domain/codes';
import { resolveAuth } from '../plugins/auth';
import type { RealtimeHub } from '../realtime/hub';

/**
 * GET /api/ws?token=… — live positions, states, alarms and command results of the caller's
 * devices. Browsers cannot set headers on a websocket, hence the token in the query.
 */
export default async function wsRoutes(fastify: FastifyInstance, opts: { hub: RealtimeHub }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { tags: ['realtime'], querystring: Body({ token: Token(200) }) },
      config: { access: { public: true } },
    },
    async (socket, req) => {
      const auth = await resolveAuth(app, req.query.token);
      if (!auth) {
        socket.send(JSON.stringify({ type: 'error', message: API_MESSAGE.sessionExpired }));
        socket.close(4401, API_MESSAGE.sessionExpired);
        return;
      }
      await opts.hub.add(socket, auth);
    },
  );
}
