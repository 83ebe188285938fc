import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { Body, TerminalId } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { findTire } from '../../services/tire';
import { replies } from '../../lib/schema/response';
import { TireAnswer } from './responses';

/** Tire pressure (docs/api/tire.md). Read-only: the demo account may call it. */
export const TireBody = Body({ terminalID: TerminalId() });

export default async function tireRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/tire/findTire',
    {
      schema: {
        tags: ['tire'],
        description:
          'The latest tire pressure reading of each wheel of one device (pressure, temperature, sensor ' +
          'battery, event bits) with its pressure, temperature, battery and leak states',
        body: TireBody,
        response: replies(TireAnswer),
      },
      config: { access: { permission: [P.tire] } },
    },
    async (req) => ok(await findTire(app.db, authOf(req), req.body.terminalID)),
  );
}
