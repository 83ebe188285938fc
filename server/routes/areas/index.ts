import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import type { PlacePurpose } from '../../alarms/places';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { deleteArea, listAreas, saveArea } from '../../services/areas/manage';
import { exportVisits, listVisits } from '../../services/areas/visits';
import type { FenceContext } from '../../services/fence/context';
import busRoutes from './bus';
import {
  AreaIdBody,
  AreaListBody,
  CircleAddBody,
  CircleEditBody,
  PolygonAddBody,
  PolygonEditBody,
  VisitExportBody,
  VisitListBody,
} from './schemas';
import { sendFile } from '../../lib/send-file';
import { Page, replies, repliesNull, sheetReply } from '../../lib/schema/response';
import { AreaRow, VisitRow } from './responses';

/**
 * Risk points, check-car areas and points with their visits, and bus routes (docs/api/areas.md).
 * The matrix has one permission for map areas, `fence:manage`; the demo account may read, not
 * write. Every write tells the alarm engines over the bus (fences.changed).
 */
const tags = ['areas'];
const READ = { access: { permission: [P.fence] } };
const WRITE = { access: { permission: [P.fence], write: true } };

/** The list/add/edit/delete calls of one purpose under `base`. */
const KINDS: { base: string; purpose: PlacePurpose; what: string; circle: boolean }[] = [
  {
    base: '/riskPoint',
    purpose: 'risk',
    what: 'risk points (circles: an alarm when a vehicle enters)',
    circle: true,
  },
  {
    base: '/checkCar/area',
    purpose: 'checkArea',
    what: 'check-car areas (polygons: visits recorded)',
    circle: false,
  },
  {
    base: '/checkCar/point',
    purpose: 'checkPoint',
    what: 'check-car points (circles: visits recorded)',
    circle: true,
  },
];

export default async function areaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = (req: FastifyRequest): FenceContext => ({ db: app.db, bus: app.bus, auth: authOf(req) });

  for (const k of KINDS) {
    app.post(
      `${k.base}/list`,
      {
        schema: {
          tags,
          description: `The ${k.what} of the caller's subtree, newest first`,
          body: AreaListBody,
          response: replies(Page(AreaRow)),
        },
        config: READ,
      },
      async (req) => ok(await listAreas(app.db, authOf(req), k.purpose, req.body)),
    );
    app.post(
      `${k.base}/add`,
      {
        schema: {
          tags,
          description: `Adds one of the ${k.what}`,
          body: k.circle ? CircleAddBody : PolygonAddBody,
          response: replies(AreaRow, 'As stored'),
        },
        config: WRITE,
      },
      async (req) => ok(await saveArea(ctx(req), k.purpose, req.body)),
    );
    app.post(
      `${k.base}/edit`,
      {
        schema: {
          tags,
          description: `Redraws, renames or moves one of the ${k.what}`,
          body: k.circle ? CircleEditBody : PolygonEditBody,
          response: replies(AreaRow, 'As stored'),
        },
        config: WRITE,
      },
      async (req) => ok(await saveArea(ctx(req), k.purpose, req.body)),
    );
    app.post(
      `${k.base}/delete`,
      {
        schema: {
          tags,
          description: `Deletes one of the ${k.what}`,
          body: AreaIdBody,
          response: repliesNull(),
        },
        config: WRITE,
      },
      async (req) => {
        await deleteArea(ctx(req), k.purpose, req.body.id);
        return ok(null);
      },
    );
  }

  app.post(
    '/checkCar/visits',
    {
      schema: {
        tags,
        description:
          "Visits of the caller's vehicles to its check-car areas and points: arrival, departure, duration; " +
          'filtered by area, vehicle and time range, newest first',
        body: VisitListBody,
        response: replies(Page(VisitRow)),
      },
      config: READ,
    },
    async (req) => ok(await listVisits(app.db, authOf(req), req.body)),
  );

  app.post(
    '/checkCar/exportVisits',
    {
      schema: {
        tags,
        description: 'The filtered visits as an xlsx (default) or csv file, capped',
        body: VisitExportBody,
        response: sheetReply(),
      },
      config: READ,
    },
    async (req, reply) => {
      const { format, ...filter } = req.body;
      const file = await exportVisits(app.db, authOf(req), filter, format);
      return sendFile(reply, file);
    },
  );

  await app.register(busRoutes);
}
