import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Body, Id, LineList, OneOf, Type } from '../../lib/schema/primitives';
import { IMPORT_PROTOCOL } from '../../../src/domain/codes';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { importDevices } from '../../services/device-import';
import { clearCountCache } from '../../services/devices/count-cache';
import { replies } from '../../lib/schema/response';
import { ImportResult } from './responses';

export default async function deviceImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/device/deviceImport',
    {
      schema: {
        tags: ['device'],
        description:
          'Imports devices (one IMEI per line) into an account of the caller; answers a result per line',
        body: Body({
          imeis: LineList(),
          importProtocol: OneOf(Object.values(IMPORT_PROTOCOL)),
          userId: Type.Optional(Id()),
        }),
        response: replies(ImportResult),
      },
      config: { access: { permission: [P.deviceImport], write: true }, liveScope: true },
    },
    async (req) => {
      const result = await importDevices(app.db, authOf(req), req.body);
      // New devices change list totals and tree counts: the importer sees them at once.
      clearCountCache();
      return ok(result);
    },
  );
}
