import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { deviceLocations } from '../../services/device-locations';

export default async function deviceLocationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/device/findDeviceLocationAll',
    {
      schema: {
        tags: ['device'],
        description:
          "Devices of the caller's subtree (or of one selected account) with state and last position",
        body: Type.Object({ userId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      },
      config: { access: { permission: [P.monitor, P.deviceList] } },
    },
    async (req) => ok(await deviceLocations(app.db, authOf(req), req.body.userId)),
  );
}
