import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { listArrivals } from '../../services/areas/bus-arrivals';
import { deleteBusRoute, listBusRoutes, saveBusRoute } from '../../services/areas/bus-routes';
import type { FenceContext } from '../../services/fence/context';
import { Page, replies, repliesNull } from '../../lib/schema/response';
import { ArrivalRow, BusRouteRow } from './responses';
import { ArrivalListBody, BusAddBody, BusEditBody, BusIdParams, BusListQuery } from './schemas';

/**
 * Bus routes (spec section 7: GET busRoutesList {userId}, busRoutesAdd, busRoutesEdit,
 * busRoutesDel/{id}, under the bus path group of the busLineList screen) and the arrivals at
 * their stops (docs/api/areas.md).
 */
const tags = ['bus routes'];
const READ = { access: { permission: [P.fence] } };
const WRITE = { access: { permission: [P.fence], write: true } };

export default async function busRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = (req: FastifyRequest): FenceContext => ({ db: app.db, bus: app.bus, auth: authOf(req) });

  app.get(
    '/bus/busRoutesList',
    {
      schema: {
        tags,
        description:
          "The routes of one account of the caller's subtree (default the caller), with stops and vehicles",
        querystring: BusListQuery,
        response: replies(Page(BusRouteRow)),
      },
      config: READ,
    },
    async (req) => ok(await listBusRoutes(app.db, authOf(req), req.query)),
  );

  app.post(
    '/bus/busRoutesAdd',
    {
      schema: {
        tags,
        description:
          'Adds a route: a polyline, at least 2 ordered stops with a radius each, assigned vehicles',
        body: BusAddBody,
        response: replies(BusRouteRow, 'The route as stored'),
      },
      config: WRITE,
    },
    async (req) => ok(await saveBusRoute(ctx(req), req.body)),
  );

  app.post(
    '/bus/busRoutesEdit',
    {
      schema: {
        tags,
        description: 'Edits a route: the fields given replace the stored ones (terminalIDs: the vehicles)',
        body: BusEditBody,
        response: replies(BusRouteRow, 'The route as stored'),
      },
      config: WRITE,
    },
    async (req) => ok(await saveBusRoute(ctx(req), req.body)),
  );

  app.post(
    '/bus/busRoutesDel/:id',
    {
      schema: {
        tags,
        description: 'Deletes a route with its assignments and arrivals',
        params: BusIdParams,
        response: repliesNull(),
      },
      config: WRITE,
    },
    async (req) => {
      await deleteBusRoute(ctx(req), req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/bus/arrivals',
    {
      schema: {
        tags,
        description: "Arrivals at the route's stops (vehicle, stop, arrival, departure), newest first",
        body: ArrivalListBody,
        response: replies(Page(ArrivalRow)),
      },
      config: READ,
    },
    async (req) => ok(await listArrivals(app.db, authOf(req), req.body)),
  );
}
