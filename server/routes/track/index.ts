import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { exportTrack } from '../../services/track/export';
import { findStays, findTrack } from '../../services/track/track';
import { listTrackUsers, saveTrackUsers } from '../../services/track/users';
import { NoInput } from '../../lib/schema/primitives';
import { ExportBody, PointsBody, StayBody, TrackBody, TrackUserBody } from './schemas';
import { sendFile } from '../../lib/send-file';
import { ErrorEnvelope, replies } from '../../lib/schema/response';
import { SHEET_MIME } from '../../../src/sheets';
import { Stays, Track, TrackPoints, TrackUsers } from './responses';
import { findTrackPoints } from '../../services/track/points';

const binary = { schema: { type: 'string', format: 'binary' } };
/** exportTrack's file: xlsx, GPX or KML as asked (server/services/track/export.ts). */
const TrackFile = {
  200: {
    description: 'The file (x-export-truncated: 1 when capped)',
    content: {
      [SHEET_MIME.xlsx]: binary,
      'application/gpx+xml': binary,
      'application/vnd.google-earth.kml+xml': binary,
    },
  },
  '4xx': ErrorEnvelope,
};

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
        response: replies(Track),
      },
      config: { access: READ },
    },
    async (req) => ok(await findTrack(app.db, authOf(req), req.body)),
  );

  app.post(
    '/track/findTrackPoints',
    {
      schema: {
        tags,
        description:
          'Every fix of a range that passes the filters, a page at a time (the total findTrackByTerminalID counts)',
        body: PointsBody,
        response: replies(TrackPoints),
      },
      config: { access: READ },
    },
    async (req) => ok(await findTrackPoints(app.db, authOf(req), req.body)),
  );

  app.post(
    '/track/findStayAll',
    {
      schema: {
        tags,
        description: 'Stays of one device over a range (the stop rule, at least minStaySeconds)',
        body: StayBody,
        response: replies(Stays),
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
        response: TrackFile,
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
        response: replies(TrackUsers, 'The selection as stored'),
      },
      config: { access: { ...READ, write: true } },
    },
    async (req) => ok(await saveTrackUsers(app.db, authOf(req), req.body.usr_list)),
  );

  app.post(
    '/track/trackUserList',
    {
      schema: {
        tags,
        description: 'The remembered playback selection',
        body: NoInput(),
        response: replies(TrackUsers),
      },
      config: { access: READ },
    },
    async (req) => ok(await listTrackUsers(app.db, authOf(req))),
  );
}
