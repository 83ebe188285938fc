import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { NoInput } from '../../lib/schema/primitives';
import { replies, Row, Type } from '../../lib/schema/response';
import { probeFacts } from './facts';

const Check = Row({ ok: Type.Boolean(), ms: Type.Integer({ description: 'How long the check took' }) });

/** GET /api/probe: the public diagnostics of the /_test page (no login, nothing sensitive). */
export default async function probeRoutes(app: FastifyInstance) {
  const startedAt = Date.now();
  app.get(
    '/probe',
    {
      schema: {
        tags: ['public'],
        description:
          'Diagnostics for the /_test page: version, server time, uptime, and whether the database and the message bus answer',
        querystring: NoInput(),
        response: replies(
          Row({
            version: Type.String(),
            serverTime: Type.String({ format: 'date-time' }),
            uptimeSeconds: Type.Integer(),
            database: Check,
            bus: Check,
          }),
        ),
      },
      config: { access: { public: true } },
    },
    async () => ok(await probeFacts(app.db, app.bus, startedAt)),
  );
}
