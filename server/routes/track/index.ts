import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { exportTrack } from '../../services/track/export';
import { findStays, findTrack } from '../../services/track/track';
import { listTrackUsers, saveTrackUsers } from '../../services/track/users';
import { NoInput } from '../../lib/schema/primitives';
import { ExportBody, StayBody, TrackBody, TrackUserBody } from './schemas';
import { sendFile } from '../../lib/send-file';

/** Track playback (docs/api/tracks.md). Reading is allowed to the demo account. */
const tags = ['track'];
const READ = { permission: [P.track] } as const;

export default async function trackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/track/findTrackByTerminalID',
    {
      schema: {
        tags,
        description:
          'Track of one device over at most 90 days within the last 90: points simplified to maxPoints, ' +
          'mileage, stays and speed buckets of the full data',
        body: TrackBody,
      },
      config: { access: READ },
    },
    async (req) => ok(await findTrack(app.db, authOf(req), req.body)),
  );

  app.post(
    '/track/findStayAll',
    {
      schema: {
        tags,
        description: 'Stays of one device over a range (the stop rule, at least minStaySeconds)',
        body: StayBody,
      },
      config: { access: READ },
    },
    async (req) => ok(await findStays(app.db, authOf(req), req.body)),
  );

  app.post(
    '/track/exportTrack',
    {
      schema: {
        tags,
        description: 'The points or stays of a range as xlsx, GPX 1.1 or KML 2.2 (full data, capped)',
        body: ExportBody,
      },
      config: { access: READ },
    },
    async (req, reply) => {
      const file = await exportTrack(app.db, authOf(req), req.body);
      return sendFile(reply, file);
    },
  );

  app.post(
    '/track/trackUser',
    {
      schema: {
        tags,
        description: 'Remembers the playback selection (at most 5 devices of the caller)',
        body: TrackUserBody,
      },
      config: { access: { ...READ, write: true } },
    },
    async (req) => ok(await saveTrackUsers(app.db, authOf(req), req.body.usr_list)),
  );

  app.post(
    '/track/trackUserList',
    {
      schema: { tags, description: 'The remembered playback selection', body: NoInput() },
      config: { access: READ },
    },
    async (req) => ok(await listTrackUsers(app.db, authOf(req))),
  );
}
