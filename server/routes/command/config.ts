import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P, WILDCARD_PERMISSION } from '../../../config/roles';
import { COMMAND_FRAMINGS } from '../../../src/domain/command-set';
import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import { COMMAND_TEXT_MAX, REMARK_MAX } from '../../../src/domain/limits';
import { LOCATION_ACK_MODES } from '../../../src/domain/location-ack';
import { PageQuery, ok } from '../../lib/envelope';
import { Body, Code, Id, Int, Name, OneOf, Required, Text, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import {
  addDeviceType,
  allCommandConfigs,
  deviceTypeDetail,
  listDeviceTypes,
  updateDeviceType,
} from '../../services/command/device-types';
import { commandToHex } from '../../services/command/to-hex';
import { CommandConfig, DeviceTypeName, Terminal } from './schemas';
import { replies } from '../../lib/schema/response';
import { ConfigMap, DeviceType, DeviceTypePage, Hex } from './responses';

const tags = ['command'];
const admin = { permission: [WILDCARD_PERMISSION], write: true };
const reader = { permission: 'authenticated' as const };

const DeviceTypeFields = {
  name: DeviceTypeName,
  protocol: OneOf(Object.values(DEVICE_PROTOCOL)),
  importProtocol: Type.Optional(Code()),
  description: Type.Optional(Text(REMARK_MAX)),
  iconType: Type.Optional(Int(1, 16)),
  commandConfig: CommandConfig,
  /** Acks of frames with positions (src/domain/location-ack.ts); absent: unchanged (add: protocol). */
  locationAck: Type.Optional(OneOf(LOCATION_ACK_MODES)),
};

/** Device types and their command sets (deviceConfig), and the hex of a command. */
export default async function commandConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/config/findDeviceType',
    {
      schema: {
        tags,
        description: 'Device types with their command sets and how many devices each has',
        body: Body({ ...PageQuery, name: Type.Optional(Name()) }),
        response: replies(DeviceTypePage),
      },
      config: { access: reader },
    },
    async (req) => ok(await listDeviceTypes(db, req.body)),
  );

  app.post(
    '/config/findDeviceTypeDetail',
    {
      schema: { tags, body: Body({ deviceType: DeviceTypeName }), response: replies(DeviceType) },
      config: { access: reader },
    },
    async (req) => ok(await deviceTypeDetail(db, req.body.deviceType)),
  );

  app.post(
    '/config/findAllConfigTion',
    {
      schema: {
        tags,
        description: "Every device type's command set, keyed by type name",
        body: Body({}),
        response: replies(ConfigMap),
      },
      config: { access: reader },
    },
    async (req) => ok(await allCommandConfigs(db, authOf(req))),
  );

  app.post(
    '/config/addDeviceType',
    {
      schema: { tags, body: Body(DeviceTypeFields), response: replies(DeviceType) },
      config: { access: admin },
    },
    async (req) => ok(await addDeviceType(db, req.body)),
  );

  app.post(
    '/config/updateDeviceType',
    {
      schema: { tags, body: Body({ id: Id(), ...DeviceTypeFields }), response: replies(DeviceType) },
      config: { access: admin },
    },
    async (req) => {
      const { id, ...input } = req.body;
      return ok(await updateDeviceType(db, id, input));
    },
  );

  app.post(
    '/config/toHex',
    {
      schema: {
        tags,
        description: 'The bytes of a text command and of the frame the gateway would send for it',
        body: Body({
          content: Required(COMMAND_TEXT_MAX),
          framing: OneOf(COMMAND_FRAMINGS),
          terminalID: Type.Optional(Terminal),
        }),
        response: replies(Hex),
      },
      config: { access: { permission: [P.command, P.testBatchCmd] } },
    },
    async (req) => ok(commandToHex(req.body.content, req.body.framing, req.body.terminalID)),
  );
}
