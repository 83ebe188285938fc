import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { NAME_MAX, TERMINAL_ID_MAX } from '../../../src/domain/limits';
import {
  CHECKSUM_PATTERN,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_NOTES_MAX,
  FIRMWARE_VERSION_MAX,
  imeiList,
  OTA_DEVICE_STATUSES,
  OTA_JOB_NAME_MAX,
  OTA_JOB_STATUSES,
  OTA_TARGET_MODES,
} from '../../../src/domain/ota';
import { ok, PageQuery } from '../../lib/envelope';
import { Body, Id, LineList, NoInput, OneOf, Required, Text, Token, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { OtaEngine } from '../../services/ota/engine';
import { deleteFirmware, firmwareById, listFirmwares, upgradableTypes, uploadFirmware } from '../../services/ota/firmwares';
import { cancelJob, createJob, jobDevices, listJobs, retryJob } from '../../services/ota/jobs';
import { recordDownload, sendFirmware, tokenTarget } from '../../services/ota/serve';
import { replies } from '../../lib/schema/response';
import {
  Cancelled,
  Deleted,
  FirmwarePage,
  FirmwareRow,
  firmwareReply,
  JobCreated,
  JobDevicePage,
  JobPage,
  Retried,
  UpgradableTypes,
} from './ota/responses';

const tags = ['ota'];
const manage = { access: { permission: [P.testOta] } };
const write = { access: { permission: [P.testOta], write: true } };
/** The OTA viewer (otaUpdateListForUser) reads jobs and progress, nothing else. */
const look = { access: { permission: [P.testOta, P.testOtaLook] } };
const OneDevice = { jobId: Id(), terminalID: Type.Optional(Text(TERMINAL_ID_MAX)) };

/** Firmware images and OTA jobs (issue 15, part 4; docs/factory/ota.md). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  const dir = config.firmwareDir;

  const engine = new OtaEngine(db, app.bus, {
    firmwareDir: dir,
    tickMs: config.ota.tickMs,
    stallSeconds: config.ota.stallSeconds,
    commandTimeoutMs: config.gateway.commandTimeoutSeconds * 1000,
  });
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => engine.stop());

  // Firmware arrives as the raw body; the metadata rides in the query string.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: FIRMWARE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/ota/firmware/list',
    {
      schema: {
        tags,
        description: 'Firmware images (otaHttp)',
        body: Body({ ...PageQuery, deviceType: Type.Optional(Text(NAME_MAX)) }),
        response: replies(FirmwarePage),
      },
      config: manage,
    },
    async (req) => ok(await listFirmwares(db, req.body)),
  );
  app.post(
    '/ota/deviceTypes',
    {
      schema: {
        tags,
        description: 'Device types whose trackers can be upgraded over the air, with their upgrade family',
        body: NoInput(),
        response: replies(UpgradableTypes),
      },
      config: manage,
    },
    async () => ok(await upgradableTypes(db)),
  );
  app.post(
    '/ota/firmware/upload',
    {
      schema: {
        tags,
        description:
          'Uploads a firmware image: the file as an application/octet-stream body, its version, device type, notes and optional sha256/md5 in the query',
        querystring: Body({
          version: Required(FIRMWARE_VERSION_MAX),
          deviceType: Required(NAME_MAX),
          notes: Type.Optional(Text(FIRMWARE_NOTES_MAX)),
          checksum: Type.Optional(Type.String({ pattern: CHECKSUM_PATTERN, maxLength: 64 })),
          fileName: Type.Optional(Text(128)),
        }),
        response: replies(FirmwareRow, 'The image as stored'),
      },
      bodyLimit: FIRMWARE_MAX_BYTES,
      config: write,
    },
    async (req) => ok(await uploadFirmware(db, dir, authOf(req), req.query, req.body)),
  );
  app.post(
    '/ota/firmware/delete',
    {
      schema: {
        tags,
        description: 'Deletes a firmware image no running job uses',
        body: Body({ id: Id() }),
        response: replies(Deleted),
      },
      config: write,
    },
    async (req) => ok(await deleteFirmware(db, dir, req.body.id)),
  );
  app.get(
    '/ota/firmware/:id/download',
    {
      schema: {
        tags,
        description: 'Downloads a firmware image (staff; range requests work)',
        params: Body({ id: Id() }),
        response: firmwareReply('The firmware image'),
      },
      config: manage,
    },
    async (req, reply) => {
      await sendFirmware(req, reply, dir, await firmwareById(db, req.params.id));
      return reply;
    },
  );
  app.get(
    '/ota/fw/:token/:fileName',
    {
      schema: {
        tags,
        description:
          "A tracker's firmware download: the token of its job device is the secret; range requests, and bytes served count as its progress",
        params: Body({ token: Token(64, { minLength: 1 }), fileName: Token(128) }),
        response: firmwareReply("The job's firmware image"),
      },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const { dev, fw } = await tokenTarget(db, req.params.token);
      const sent = await sendFirmware(req, reply, dir, fw);
      if (sent && req.method === 'GET') await recordDownload(db, dev.id, sent.end + 1, fw.size);
      return reply;
    },
  );

  app.post(
    '/ota/job/list',
    {
      schema: {
        tags,
        description: 'OTA jobs with their device counts and progress (otaList, otaUpdateListForUser)',
        body: Body({ ...PageQuery, status: Type.Optional(OneOf(OTA_JOB_STATUSES)) }),
        response: replies(JobPage),
      },
      config: look,
    },
    async (req) => ok(await listJobs(db, req.body)),
  );
  app.post(
    '/ota/job/devices',
    {
      schema: {
        tags,
        description: "A job's devices: status, progress, attempts, result and times",
        body: Body({ ...PageQuery, jobId: Id(), status: Type.Optional(OneOf(OTA_DEVICE_STATUSES)) }),
        response: replies(JobDevicePage),
      },
      config: look,
    },
    async (req) => ok(await jobDevices(db, req.body)),
  );
  app.post(
    '/ota/job/create',
    {
      schema: {
        tags,
        description:
          'Creates an OTA job: a firmware and its targets, an IMEI list or every terminal of its device type (imported devices and stock)',
        body: Body({
          name: Required(OTA_JOB_NAME_MAX),
          firmwareId: Id(),
          targetMode: OneOf(OTA_TARGET_MODES),
          imeis: Type.Optional(LineList()),
        }),
        response: replies(JobCreated),
      },
      config: write,
    },
    async (req) => {
      const base = config.publicUrl ?? `${req.protocol}://${req.host}`;
      const { imeis, ...rest } = req.body;
      return ok(await createJob(db, authOf(req), { ...rest, imeis: imeiList(imeis ?? '') }, base));
    },
  );
  app.post(
    '/ota/job/cancel',
    {
      schema: {
        tags,
        description: 'Cancels a job, or one of its devices',
        body: Body(OneDevice),
        response: replies(Cancelled),
      },
      config: write,
    },
    async (req) => ok(await cancelJob(db, req.body.jobId, req.body.terminalID)),
  );
  app.post(
    '/ota/job/retry',
    {
      schema: {
        tags,
        description: 'Starts failed or cancelled devices of a job again (all, or one)',
        body: Body(OneDevice),
        response: replies(Retried),
      },
      config: write,
    },
    async (req) => ok(await retryJob(db, req.body.jobId, req.body.terminalID)),
  );
}
