import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../../config/roles';
import { COMMAND_BATCH_STATUSES, COMMAND_ITEM_STATUSES } from '../../../../src/domain/command-batch';
import { DEVICE_BATCH_MAX } from '../../../../src/domain/device-rules';
import { AGPS_TEXT_DEFAULT } from '../../../../src/domain/factory';
import { MESSAGES } from '../../../../src/domain/messages';
import { PageQuery, ok } from '../../../lib/envelope';
import { sendFile } from '../../../lib/send-file';
import { Body, Code, DateTime, List, OneOf, Text, Token, Type } from '../../../lib/schema/primitives';
import { authOf } from '../../../plugins/auth';
import type { BatchContext } from '../../../services/batch/run';
import { exportItems } from '../../../services/command/batch/export';
import { findBatches, searchItems } from '../../../services/command/batch/query';
import { sharedBatchRunner } from '../../../services/command/batch/runner';
import { commandSettingsOf } from '../../../services/command/send';
import {
  changeDeviceType,
  resetDevicePasswords,
  updateExpireType,
} from '../../../services/devices/batch-ops';
import { sendFactoryCommand, startFactoryBatch } from '../../../services/factory/batch';
import { replies } from '../../../lib/schema/response';
import { BatchItemPage, BatchPage, BatchStarted } from '../../command/responses';
import { CommandFields, Content, Terminal } from '../../command/schemas';
import { BatchResult, PasswordResetResult } from '../../device/responses';
import { sheetReply } from '../../../lib/schema/response';
import { CommandOutcome } from './responses';

const tags = ['factory-commands'];
const write = { access: { permission: [P.testBatchCmd], write: true } };
const BatchKey = Token(64, { minLength: 1 });
const Terminals = List(Terminal, DEVICE_BATCH_MAX);
const ItemFilter = {
  batchId: Type.Optional(BatchKey),
  terminalID: Type.Optional(Token(20)),
  status: Type.Optional(OneOf(COMMAND_ITEM_STATUSES)),
  startTime: Type.Optional(DateTime()),
  endTime: Type.Optional(DateTime()),
};
const DeviceBatch = { terminalIDs: Terminals, batchId: Type.Optional(BatchKey) };
/** The device batch operations answer per device, as on the reseller screens. */
const response = replies(BatchResult, 'Per device: done or refused with a reason');

/**
 * Factory batch commands (mutiCmd, cmdSend, agps) on the command console's engine in the
 * factory scope: every imported device and every stock terminal (docs/factory/commands.md).
 */
export default async function factoryBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, bus, config } = app;
  const runner = sharedBatchRunner(app);
  const deps = { db, bus, runner, nodeId: config.nodeId };
  const settings = commandSettingsOf(config);
  const devCtx = (req: FastifyRequest): BatchContext => ({ db, bus, auth: authOf(req), factory: true });

  app.post(
    '/mutiCmd/sendMutiCmd',
    {
      schema: {
        tags,
        description:
          'One command (a device type command with its values, or text) to pasted terminals, imported or in stock; runs in the background, progress on the websocket under batchId',
        body: Body({ terminalIDs: Terminals, ...CommandFields, batchId: BatchKey }),
        response: replies(BatchStarted),
      },
      config: write,
    },
    async (req) => ok(await startFactoryBatch(deps, authOf(req), req.body)),
  );

  app.post(
    '/agps/sendAgps',
    {
      schema: {
        tags,
        description: `The AGPS command (text, default ${AGPS_TEXT_DEFAULT}) to pasted terminals through the batch engine`,
        body: Body({ terminalIDs: Terminals, content: Type.Optional(Content), batchId: BatchKey }),
        response: replies(BatchStarted),
      },
      config: { access: { permission: [P.testAgps], write: true } },
    },
    async (req) => {
      const content = req.body.content?.trim() || AGPS_TEXT_DEFAULT;
      return ok(await startFactoryBatch(deps, authOf(req), { ...req.body, content }));
    },
  );

  app.post(
    '/mutiCmd/findBatches',
    {
      schema: {
        tags,
        description: 'Batches sent by factory staff, newest first, with item counts per state',
        body: Body({ ...PageQuery, status: Type.Optional(OneOf(COMMAND_BATCH_STATUSES)) }),
        response: replies(BatchPage),
      },
      // The platform configuration role follows its applies here.
      config: { access: { permission: [P.testBatchCmd, P.testAgps, P.testConfigPlatform] } },
    },
    async (req) => ok(await findBatches(db, authOf(req), req.body, true)),
  );

  app.post(
    '/mutiCmd/searchResultCmd',
    {
      schema: {
        tags,
        description: 'The terminals of factory batches and what became of each command',
        body: Body({ ...PageQuery, ...ItemFilter }),
        response: replies(BatchItemPage),
      },
      config: { access: { permission: [P.testBatchCmd, P.testAgps] } },
    },
    async (req) => ok(await searchItems(db, authOf(req), req.body, true)),
  );

  app.post(
    '/mutiCmd/exportResultCmd',
    {
      schema: {
        tags,
        description: 'The searchResultCmd rows as an xlsx (default) or csv file, capped',
        body: Body({ ...ItemFilter, format: Type.Optional(OneOf(['xlsx', 'csv'] as const)) }),
        response: sheetReply('The searchResultCmd rows as an xlsx or csv file'),
      },
      config: { access: { permission: [P.testBatchCmd, P.testAgps] } },
    },
    async (req, reply) => {
      const { format = 'xlsx', ...filter } = req.body;
      return sendFile(reply, await exportItems(db, authOf(req), filter, format, true));
    },
  );

  app.post(
    '/mutiCmd/cmdSend',
    {
      schema: {
        tags,
        description: 'One command to one terminal (imported or in stock), the reply awaited',
        body: Body({ terminalID: Terminal, ...CommandFields }),
        response: replies(CommandOutcome, 'What became of the command; meta.message names a failure'),
      },
      config: write,
    },
    async (req) => {
      const { terminalID, ...command } = req.body;
      const r = await sendFactoryCommand({ db, bus }, authOf(req), terminalID, command, settings);
      return ok(r, r.reason ? MESSAGES[r.reason] : 'success');
    },
  );

  // deviceBatchManage: the device batch operations of the reseller screens, in the factory scope.
  app.post(
    '/mutiCmd/changeDevicesType',
    {
      schema: { tags, body: Body({ ...DeviceBatch, deviceType: Text(32, { minLength: 1 }) }), response },
      config: write,
    },
    async (req) => ok(await changeDeviceType(devCtx(req), req.body)),
  );
  app.post(
    '/mutiCmd/updateDevicesExpireType',
    {
      schema: { tags, body: Body({ ...DeviceBatch, expireType: Code() }), response },
      config: { ...write, liveScope: true },
    },
    async (req) => ok(await updateExpireType(devCtx(req), req.body)),
  );
  app.post(
    '/mutiCmd/resetDevicePassword',
    {
      schema: {
        tags,
        description: 'Gives each device a new random password of its own, answered this once',
        body: Body(DeviceBatch),
        response: replies(PasswordResetResult, 'Per device: done or refused, and the new passwords'),
      },
      config: write,
    },
    async (req) => ok(await resetDevicePasswords(devCtx(req), req.body)),
  );
}
