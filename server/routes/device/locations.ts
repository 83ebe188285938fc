import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Body, Id, Int, Type } from '../../lib/schema/primitives';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { deviceLocations, deviceLocationsV2 } from '../../services/device-locations';
import { replies } from '../../lib/schema/response';
import { DeviceLocation, LocationsV2 } from './responses';

// The services answer JSON text built by the database (megabytes at 10,000 devices): it goes
// into the success envelope as is, without a parse and re-serialise round trip.
const OK_META = JSON.stringify(ok(null).meta);
const sendJson = (reply: FastifyReply, data: string) =>
  reply.type('application/json; charset=utf-8').send(`{"meta":${OK_META},"data":${data}}`);

const access = { access: { permission: [P.monitor, P.deviceList] } };

export default async function deviceLocationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/device/findDeviceLocationAll',
    {
      schema: {
        tags: ['device'],
        description:
          "Devices of the caller's subtree (or of one selected account) with state and last position",
        body: Body({ userId: Type.Optional(Id()) }),
        response: replies(Type.Array(DeviceLocation)),
      },
      config: access,
    },
    async (req, reply) => sendJson(reply, await deviceLocations(app.db, authOf(req), req.body.userId)),
  );
  app.post(
    '/device/findDeviceLocationAllV2',
    {
      schema: {
        tags: ['device'],
        description:
          'As findDeviceLocationAll, as one array per field (times in epoch ms) plus counts per ' +
          'deviceMenuType; deviceMenuType 1/2/3 narrows the rows to online/offline/not activated',
        body: Body({
          userId: Type.Optional(Id()),
          deviceMenuType: Type.Optional(Int(0, 3)),
        }),
        response: replies(LocationsV2),
      },
      config: access,
    },
    async (req, reply) => sendJson(reply, await deviceLocationsV2(app.db, authOf(req), req.body)),
  );
}
