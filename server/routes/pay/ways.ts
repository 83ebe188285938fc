import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { RENEW_WAYS_DEVICES_MAX } from '../../../src/domain/renew-ways';
import { ok } from '../../lib/envelope';
import { Body, List, Text, Type } from '../../lib/schema/primitives';
import { replies } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { renewWays } from '../../services/cards/ways';
import { RenewWays } from './responses';

/** The ways to renew (issue 32): what the renew page offers, decided here. */
export default async function renewWayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/renew/ways',
    {
      schema: {
        tags: ['cards'],
        description:
          'Every way the caller can renew these devices now (its own cards, online payment), or with none the next step and whom to ask',
        body: Body({ terminalIDs: Type.Optional(List(Text(TERMINAL_ID_MAX), RENEW_WAYS_DEVICES_MAX)) }),
        response: replies(RenewWays),
      },
      config: { access: { permission: [P.cardRenew, P.orderPay] } },
    },
    async (req) => ok(await renewWays(app.db, authOf(req), req.body.terminalIDs)),
  );
}
