import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { PageQuery, ok } from '../../lib/envelope';
import { badField } from '../../lib/errors';
import { Body, Id, Int, Text, Type } from '../../lib/schema/primitives';
import { INT32_MAX, REMARK_MAX } from '../../../src/domain/limits';
import { authOf } from '../../plugins/auth';
import { Page, Row, Stamp, replies, repliesNull } from '../../lib/schema/response';
import {
  deleteDeviceCounts,
  editDeviceCount,
  listDeviceCounts,
  upsertDeviceCount,
} from '../../services/device-counts';

const tags = ['device count'];
const Count = Int(0, 100_000_000);
const read = { permission: [P.agentList] };
const write = { permission: [P.agentEdit], write: true };

/** A device count record of an account. */
const CountRow = Row({
  id: Type.Integer(),
  userId: Type.Integer(),
  username: Type.Optional(Type.String()),
  deviceCount: Type.Integer(),
  totalDeviceCount: Type.Integer(),
  remark: Type.String(),
  updatedAt: Stamp(),
});

export default async function deviceCountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/device/count/list',
    {
      schema: {
        tags,
        querystring: Body({ ...PageQuery, userId: Type.Optional(Id()) }),
        response: replies(Page(CountRow)),
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
        body: Body({
          userId: Id(),
          deviceCount: Count,
          totalDeviceCount: Count,
          remark: Type.Optional(Text(REMARK_MAX)),
        }),
        response: replies(CountRow, 'The record as stored'),
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
        body: Body({
          id: Id(),
          deviceCount: Type.Optional(Count),
          totalDeviceCount: Type.Optional(Count),
          remark: Type.Optional(Text(REMARK_MAX)),
        }),
        response: repliesNull(),
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
        params: Body({ ids: Type.String({ pattern: '^\\d{1,10}(,\\d{1,10})*$', maxLength: 2000 }) }),
        response: replies(Type.Object({ deleted: Type.Integer() })),
      },
      config: { access: write },
    },
    async (req) => {
      const ids = [...new Set(req.params.ids.split(',').map(Number))];
      if (ids.some((n) => n < 1)) throw badField('fieldTooSmall', 'ids', 1);
      if (ids.some((n) => n > INT32_MAX)) throw badField('fieldTooLarge', 'ids', INT32_MAX);
      return ok({ deleted: await deleteDeviceCounts(db, authOf(req), ids) });
    },
  );
}
