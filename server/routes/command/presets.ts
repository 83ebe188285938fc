import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import { IdBody, ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { Body, Required, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { loadDeviceInScope } from '../../services/device-scope';
import { deletePreset, listPresets, savePreset } from '../../services/command/presets';
import { CommandFields, Terminal } from './schemas';
import { Nullable, Row, replies, repliesNull } from '../../lib/schema/response';
import { Preset } from './responses';

const tags = ['command'];
const permission = [P.command, P.testBatchCmd];

/** Saved commands per account, and the NB-IoT deviceId lookup of the console. */
export default async function commandPresetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/command/getOrderCommand',
    {
      schema: {
        tags,
        description: "The caller's saved commands",
        body: Body({}),
        response: replies(Type.Array(Preset)),
      },
      config: { access: { permission } },
    },
    async (req) => ok(await listPresets(db, authOf(req))),
  );

  app.post(
    '/command/saveOrderCommand',
    {
      schema: {
        tags,
        description: 'Saves a command under a name (the same name replaces it)',
        body: Body({ name: Required(64), ...CommandFields }),
        response: replies(Row({ id: Type.Integer() }), 'The saved command'),
      },
      config: { access: { permission, write: true } },
    },
    async (req) => {
      const { name, ...cmd } = req.body;
      return ok(await savePreset(db, authOf(req), name, cmd));
    },
  );

  app.post(
    '/command/delOrderCommand',
    {
      schema: { tags, body: IdBody, response: repliesNull() },
      config: { access: { permission, write: true } },
    },
    async (req) => {
      await deletePreset(db, authOf(req), req.body.id);
      return ok(null);
    },
  );

  app.get(
    '/device/findDeviceId',
    {
      schema: {
        tags,
        description: 'The id the NB-IoT platform knows an NB device by (asked before a command to it)',
        querystring: Type.Object({ terminalID: Terminal }, { additionalProperties: false }),
        response: replies(
          Row({ deviceId: Nullable(Type.String({ description: 'Null: not an NB device' })) }),
        ),
      },
      config: { access: { permission } },
    },
    async (req) => {
      const device = await loadDeviceInScope(db, authOf(req), req.query.terminalID);
      if (device.protocol === DEVICE_PROTOCOL.Nbiot && !device.nbDeviceId)
        throw badRequest('deviceIdMissing');
      return ok({ deviceId: device.nbDeviceId });
    },
  );
}
