import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Body, Token } from '../lib/schema/primitives';
import { ErrorEnvelope, Row, Type } from '../lib/schema/response';
import { API_MESSAGE } from '../../src/domain/codes';
import { resolveAuth } from '../plugins/auth';
import type { RealtimeHub } from '../realtime/hub';

const Events = Type.Array(
  Row({
    type: Type.String({ description: 'position, state, alarm… (src/domain/live-events.ts)' }),
    deviceId: Type.Integer(),
  }),
  { description: 'The events of the last quarter second of devices the caller may see' },
);

/**
 * The JSON text frames the server sends over the socket (src/domain/live-events.ts,
 * src/domain/device-log.ts). The client may send {type: 'logWatch', terminalIds} (factory log
 * permission) to receive logFrames, answered by a logWatchAck.
 */
const Frame = Type.Union(
  [
    Row({
      type: Type.Literal('hello'),
      devices: Type.Integer({ description: 'Devices visible to the caller' }),
    }),
    Row({ type: Type.Literal('events'), events: Events }),
    Row({
      type: Type.Literal('batch'),
      batchId: Type.String(),
      done: Type.Integer(),
      total: Type.Integer(),
      failed: Type.Integer(),
    }),
    Row({ type: Type.Literal('logWatchAck'), watching: Type.Integer(), error: Type.Optional(Type.String()) }),
    Row({
      type: Type.Literal('logFrames'),
      frames: Type.Array(Row({ terminalId: Type.String(), at: Type.String() })),
    }),
    Row({ type: Type.Literal('error'), message: Type.String() }),
  ],
  { description: 'One JSON text frame of the socket' },
);

/**
 * What the document says of the socket. An upgrade answers 101; without one the route answers
 * 404 (empty), a malformed token 400 (the error envelope). OpenAPI has no websocket frames, so
 * the 200 entry describes them: no HTTP answer is ever 200.
 */
const WsReplies = {
  101: {
    type: 'null',
    description: 'Switching Protocols: the websocket is open; the server sends the frames of the 200 entry',
  },
  200: {
    description:
      'Not an HTTP answer: the JSON text frames sent over the socket once open (hello first). ' +
      'A token that is not a live session gets an error frame and close code 4401',
    content: { 'application/json': { schema: Frame } },
  },
  '4xx': {
    ...ErrorEnvelope,
    description: '400: a malformed token; 404 (empty): a request without an upgrade',
  },
};

/**
 * GET /api/ws?token=… — live positions, states, alarms and command results of the caller's
 * devices. Browsers cannot set headers on a websocket, hence the token in the query.
 */
export default async function wsRoutes(fastify: FastifyInstance, opts: { hub: RealtimeHub }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // @fastify/websocket hides its routes from the document; this one is part of the API.
  app.addHook('onRoute', (route) => {
    if (route.websocket && route.schema) route.schema.hide = false;
  });
  app.get(
    '/ws',
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        description:
          'The live channel (websocket). Connect with the session token in the query; the server pushes ' +
          'hello, then events (positions, states, alarms of visible devices), batch progress and log frames',
        querystring: Body({ token: Token(200) }),
        response: WsReplies,
      },
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
