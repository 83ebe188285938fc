import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { PageQuery, ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import {
  deleteDeviceCounts,
  editDeviceCount,
  listDeviceCounts,
  upsertDeviceCount,
} from '../../services/device-counts';

const tags = ['device count'];
const Count = Type.Integer({ minimum: 0, maximum: 100_000_000 });
const read = { permission: [P.agentList] };
const write = { permission: [P.agentEdit], write: true };

export default async function deviceCountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/device/count/list',
    {
      schema: {
        tags,
        querystring: Type.Object({ ...PageQuery, userId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      },
      config: { access: read },
    },
    async (req) => ok(await listDeviceCounts(db, authOf(req), req.query)),
  );

  app.post(
    '/device/count/add',
    {
      schema: {
        tags,
        body: Type.Object({
          userId: Type.Integer({ minimum: 1 }),
          deviceCount: Count,
          totalDeviceCount: Count,
          remark: Type.Optional(Type.String({ maxLength: 255 })),
        }),
      },
      config: { access: write },
    },
    async (req) => ok(await upsertDeviceCount(db, authOf(req), req.body)),
  );

  app.post(
    '/device/count/edit',
    {
      schema: {
        tags,
        body: Type.Object({
          id: Type.Integer({ minimum: 1 }),
          deviceCount: Type.Optional(Count),
          totalDeviceCount: Type.Optional(Count),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
        }),
      },
      config: { access: write },
    },
    async (req) => {
      await editDeviceCount(db, authOf(req), req.body);
      return ok(null);
    },
  );

  app.get(
    '/device/count/delByIds/:ids',
    {
      schema: {
        tags,
        description: 'ids: comma-separated record ids',
        params: Type.Object({ ids: Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 2000 }) }),
      },
      config: { access: write },
    },
    async (req) => {
      const ids = [...new Set(req.params.ids.split(',').map(Number))];
      if (ids.some((n) => !Number.isSafeInteger(n) || n < 1)) throw badRequest('validationFailed');
      return ok({ deleted: await deleteDeviceCounts(db, authOf(req), ids) });
    },
  );
}
