import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { Page, replies, repliesNull } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { allocateFence, unallocateFence } from '../../services/fence/allocate';
import type { FenceContext } from '../../services/fence/context';
import { fenceDetail } from '../../services/fence/detail';
import { listFences } from '../../services/fence/list';
import { deleteFence, setFenceState } from '../../services/fence/manage';
import { saveCircle, savePolygon } from '../../services/fence/save';
import {
  AllocateBody,
  CircleBody,
  FenceIdBody,
  FenceListBody,
  PolygonBody,
  StateBody,
  UnallocateBody,
} from './schemas';
import { BatchResult, FenceDetail, FenceRow } from './responses';

/**
 * Fences and their allocation to devices (docs/api/fences.md). Permission `fence:manage`;
 * reading is allowed to the demo account, writing is not. Every write tells the alarm engines
 * over the bus (fences.changed).
 */
const tags = ['fence'];
const READ = { access: { permission: [P.fence] } };
const WRITE = { access: { permission: [P.fence], write: true } };

export default async function fenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = (req: FastifyRequest): FenceContext => ({ db: app.db, bus: app.bus, auth: authOf(req) });

  app.post(
    '/fence/list',
    {
      schema: {
        tags,
        description:
          "Fences of the caller's subtree (or of one account of it), newest first, filtered by name and type, " +
          'each with its owner and the number of devices it is allocated to',
        body: FenceListBody,
        response: replies(Page(FenceRow)),
      },
      config: READ,
    },
    async (req) => ok(await listFences(app.db, authOf(req), req.body)),
  );

  app.post(
    '/fence/detail',
    {
      schema: {
        tags,
        description: "A fence and its allocations to the caller's devices",
        body: FenceIdBody,
        response: replies(FenceDetail),
      },
      config: READ,
    },
    async (req) => ok(await fenceDetail(app.db, authOf(req), req.body.id)),
  );

  app.post(
    '/geofencing/geofencingCircle',
    {
      schema: {
        tags,
        description:
          'Creates a circle fence, or with id redraws, renames or moves one (radius 100 m to 1,000 km)',
        body: CircleBody,
        response: replies(FenceRow, 'The fence as stored'),
      },
      config: WRITE,
    },
    async (req) => ok(await saveCircle(ctx(req), req.body)),
  );

  app.post(
    '/geofencing/geofencingRectangle',
    {
      schema: {
        tags,
        description:
          'Creates a polygon or rectangle fence from [lng, lat] corners, or with id redraws, renames or moves one',
        body: PolygonBody,
        response: replies(FenceRow, 'The fence as stored'),
      },
      config: WRITE,
    },
    async (req) => ok(await savePolygon(ctx(req), req.body)),
  );

  app.post(
    '/fence/allocate',
    {
      schema: {
        tags,
        description:
          "Allocates the fence to devices of the caller's subtree (by terminalID and/or all devices of accounts) " +
          'with an alarm mode, post type and time modes; answers per device',
        body: AllocateBody,
        response: replies(BatchResult, 'Per device'),
      },
      config: WRITE,
    },
    async (req) => ok(await allocateFence(ctx(req), req.body)),
  );

  app.post(
    '/fence/unallocate',
    {
      schema: {
        tags,
        description: 'Removes the fence from devices; answers per device',
        body: UnallocateBody,
        response: replies(BatchResult, 'Per device'),
      },
      config: WRITE,
    },
    async (req) => ok(await unallocateFence(ctx(req), req.body)),
  );

  app.post(
    '/fence/delete',
    {
      schema: {
        tags,
        description: 'Deletes a fence no device is allocated to',
        body: FenceIdBody,
        response: repliesNull(),
      },
      config: WRITE,
    },
    async (req) => {
      await deleteFence(ctx(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/fence/state',
    {
      schema: {
        tags,
        description: 'Enables (1) or disables (0) a fence',
        body: StateBody,
        response: repliesNull(),
      },
      config: WRITE,
    },
    async (req) => {
      await setFenceState(ctx(req), req.body.id, req.body.state);
      return ok(null);
    },
  );
}
