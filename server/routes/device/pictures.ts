import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { PICTURE_MAX_BYTES } from '../../../src/domain/limits';
import { ok } from '../../lib/envelope';
import { Body, Id, TerminalId, Text, Type } from '../../lib/schema/primitives';
import { binaryReply, replies, repliesNull, Row } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { deletePicture, listPictures, readPicture, uploadPicture } from '../../services/devices/pictures';

const tags = ['device'];
/** Who may see a device may see its pictures; who may edit it may add and remove them. */
const read = { access: { permission: [P.monitor, P.deviceList, P.deviceUserInfo] } };
const write = { access: { permission: [P.deviceEdit], write: true } };

const Picture = Row({
  id: Type.Integer(),
  fileName: Type.String(),
  mime: Type.String({ enum: ['image/jpeg', 'image/png', 'image/webp'] }),
  size: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

/** Photos of a device (installation, vehicle): stored under PICTURE_DIR with generated names. */
export default async function devicePictureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const dir = app.config.pictureDir;

  // The picture arrives as the raw body, as a firmware image does (server/routes/factory/ota.ts);
  // its type is then read from its bytes, whatever the Content-Type says. One byte over the
  // limit still parses, so the service answers the picture's own message instead of a bare 413.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES + 1 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/device/picture/upload',
    {
      schema: {
        tags,
        description: `Adds a picture to a device: the JPEG, PNG or WebP file as the raw body (at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB), the device and file name in the query`,
        querystring: Body({ terminalID: TerminalId(), fileName: Type.Optional(Text(128)) }),
        response: replies(Picture),
      },
      bodyLimit: PICTURE_MAX_BYTES + 1,
      config: write,
    },
    async (req) => ok(await uploadPicture(db, dir, authOf(req), req.query, req.body)),
  );

  app.post(
    '/device/picture/list',
    {
      schema: {
        tags,
        description: "A device's pictures, oldest first",
        body: Body({ terminalID: TerminalId() }),
        response: replies(Type.Array(Picture)),
      },
      config: read,
    },
    async (req) => ok(await listPictures(db, authOf(req), req.body.terminalID)),
  );

  app.get(
    '/device/picture/:id',
    {
      schema: {
        tags,
        description: 'The picture file (with the session token; only pictures of devices in scope)',
        params: Body({ id: Id() }),
        response: binaryReply('image/*', 'The picture'),
      },
      config: read,
    },
    async (req, reply) => {
      const p = await readPicture(db, dir, authOf(req), req.params.id);
      return reply
        .type(p.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(p.bytes);
    },
  );

  app.post(
    '/device/delDevicePicture',
    {
      schema: {
        tags,
        description: 'Deletes a picture of a device',
        body: Body({ id: Id() }),
        response: repliesNull(),
      },
      config: write,
    },
    async (req) => ok(await deletePicture(db, dir, authOf(req), req.body.id)),
  );
}
