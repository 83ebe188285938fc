import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Body } from '../../lib/schema/primitives';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { exportDevices } from '../../services/devices/export';
import { deviceList, type DeviceListQuery } from '../../services/devices/list';
import { DeviceFilterSchema, DeviceListBody, FormatSchema } from './schemas';
import { sendFile } from '../../lib/send-file';
import { replies } from '../../lib/schema/response';
import { DeviceListPage } from './responses';
import { sheetReply } from '../../lib/schema/response';

const tags = ['device'];
const LIST = { permission: [P.deviceList] } as const;

export default async function deviceListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/device/deviceList',
    {
      schema: {
        tags,
        description: 'One page of the devices of the caller (or a selected account) under filters',
        body: DeviceListBody,
        response: replies(DeviceListPage),
      },
      config: { access: LIST },
    },
    async (req) => ok(await deviceList(app.db, authOf(req), req.body as DeviceListQuery)),
  );

  app.post(
    '/device/deviceListV2',
    {
      schema: {
        tags,
        description: 'Like deviceList, each row with its owner path below the caller',
        body: DeviceListBody,
        response: replies(DeviceListPage, 'Rows with ownerPath'),
      },
      config: { access: LIST },
    },
    async (req) => ok(await deviceList(app.db, authOf(req), req.body as DeviceListQuery, true)),
  );

  app.post(
    '/device/exportDeviceList',
    {
      schema: {
        tags,
        description:
          'The filtered device list as an xlsx or csv file (newest first, capped at the export limit)',
        body: Body({ ...DeviceFilterSchema, format: FormatSchema }),
        response: sheetReply(),
      },
      config: { access: LIST },
    },
    async (req, reply) => {
      const { format, ...filter } = req.body;
      const file = await exportDevices(app.db, authOf(req), filter, format);
      return sendFile(reply, file);
    },
  );
}
