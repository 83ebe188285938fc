import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { Type } from '../../lib/schema/primitives';
import { Page, replies } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { latestPositions, listDevicesV1, oneDeviceV1 } from '../../services/public-api/devices';
import { trackV1 } from '../../services/public-api/track';
import { DevicesQuery, LatestQuery, TerminalParam, TrackQuery } from './requests';
import { Device, DeviceWithPosition, LatestPosition, Track, security, tags } from './schemas';

// Every account that sees the monitor sees its devices there; agents also through device:list.
const DEVICES = { access: { permission: [P.monitor, P.deviceList] } };
const TRACK = { access: { permission: [P.track] } };

/** Devices, last positions and tracks of the caller's subtree. */
export default async function v1DeviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/devices',
    {
      schema: {
        tags,
        security,
        summary: 'List devices',
        description: "One page of the devices of the caller's subtree, oldest first, by state and keyword",
        querystring: DevicesQuery,
        response: replies(Page(Device)),
      },
      config: DEVICES,
    },
    async (req) => {
      const { list, total } = await listDevicesV1(db, authOf(req), req.query);
      return ok({ list, total });
    },
  );

  app.get(
    '/devices/:terminalId',
    {
      schema: {
        tags,
        security,
        summary: 'One device',
        description: "A device with its last position; a device outside the caller's subtree is not found",
        params: TerminalParam,
        response: replies(DeviceWithPosition),
      },
      config: DEVICES,
    },
    async (req) => {
      const device = await oneDeviceV1(db, authOf(req), req.params.terminalId);
      if (!device) throw notFound();
      return ok(device);
    },
  );

  app.get(
    '/positions/latest',
    {
      schema: {
        tags,
        security,
        summary: 'Last positions',
        description:
          'The last position of every device of the subtree, or of the given ones (ids outside it are left out). ' +
          'An expired device answers position null.',
        querystring: LatestQuery,
        response: replies(Type.Array(LatestPosition)),
      },
      config: DEVICES,
    },
    async (req) => {
      const ids = req.query.terminalIds
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 1000);
      return ok(await latestPositions(db, authOf(req), ids));
    },
  );

  app.get(
    '/devices/:terminalId/track',
    {
      schema: {
        tags,
        security,
        summary: 'Track of a device',
        description:
          "The positions of a range of at most 90 days within the last 90 (the web app's track rules), " +
          'simplified to maxPoints (4000 unless asked), with the stays found in it',
        params: TerminalParam,
        querystring: TrackQuery,
        response: replies(Track),
      },
      config: TRACK,
    },
    async (req) => ok(await trackV1(db, authOf(req), { terminalId: req.params.terminalId, ...req.query })),
  );
}
