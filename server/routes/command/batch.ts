import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import {
  COMMAND_BATCH_STATUSES,
  COMMAND_ITEM_STATUSES,
  OFFLINE_IMPORT_TEXT_MAX,
} from '../../../src/domain/command-batch';
import { DEVICE_BATCH_MAX } from '../../../src/domain/device-rules';
import { LIST_LINES_MAX } from '../../../src/domain/limits';
import { PageQuery, ok } from '../../lib/envelope';
import { sendFile } from '../../lib/send-file';
import { Body, DateTime, Id, Int, List, MultiLine, OneOf, Token, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { cancelBatch } from '../../services/command/batch/cancel';
import { exportItems } from '../../services/command/batch/export';
import { importOfflineCommands } from '../../services/command/batch/offline-import';
import { findBatches, searchItems } from '../../services/command/batch/query';
import { sharedBatchRunner } from '../../services/command/batch/runner';
import { createBatch } from '../../services/command/batch/start';
import { CommandFields, Content, Terminal } from './schemas';
import { replies } from '../../lib/schema/response';
import { sheetReply } from '../../lib/schema/response';
import { BatchCancelled, BatchItemPage, BatchPage, BatchStarted, OfflineImport } from './responses';

const tags = ['command'];
const read = { permission: [P.command, P.testBatchCmd] };
const write = { ...read, write: true };

/** The client's key of a batch (its websocket progress id). */
const BatchKey = Token(64, { minLength: 1 });

const ItemFilter = {
  batchId: Type.Optional(BatchKey),
  terminalID: Type.Optional(Token(20, { description: 'a terminal id or its beginning' })),
  status: Type.Optional(OneOf(COMMAND_ITEM_STATUSES)),
  startTime: Type.Optional(DateTime()),
  endTime: Type.Optional(DateTime()),
};

/**
 * Batch commands (issue 13 part 3): one command to up to 10,000 devices, run in the background
 * on this node at its pace, with progress over the sender's websocket; cancel; the batches and
 * their items (search, export); offline commands for many devices from a pasted list or a file.
 */
export default async function commandBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  const runner = sharedBatchRunner(app);

  app.post(
    '/command/multipleCmd',
    {
      schema: {
        tags,
        description:
          'Sends one command to many devices (listed, or every device of an account) in the background; answers at once, progress goes to the websocket under batchId',
        body: Body({
          terminalIDs: Type.Optional(List(Terminal, DEVICE_BATCH_MAX)),
          accountId: Type.Optional(Id()),
          includeSubAccounts: Type.Optional(Type.Boolean()),
          ...CommandFields,
          batchId: BatchKey,
        }),
        response: replies(BatchStarted),
      },
      config: { access: write },
    },
    async (req) => {
      const batch = await createBatch(db, authOf(req), req.body, config.nodeId);
      runner.start(batch);
      return ok({ id: batch.id, batchId: batch.key, total: batch.items.length });
    },
  );

  app.post(
    '/command/cancelBatch',
    {
      schema: {
        tags,
        description:
          'Stops a running batch of the caller: pending devices are cancelled, commands sent finish',
        body: Body({ batchId: BatchKey }),
        response: replies(BatchCancelled),
      },
      config: { access: write },
    },
    async (req) => ok(await cancelBatch(db, app.bus, authOf(req), req.body.batchId)),
  );

  app.post(
    '/command/findBatches',
    {
      schema: {
        tags,
        description:
          'Batches sent by accounts of the caller’s subtree, newest first, with item counts per state',
        body: Body({ ...PageQuery, status: Type.Optional(OneOf(COMMAND_BATCH_STATUSES)) }),
        response: replies(BatchPage),
      },
      config: { access: read },
    },
    async (req) => ok(await findBatches(db, authOf(req), req.body)),
  );

  app.post(
    '/command/multipleCmdSearch',
    {
      schema: {
        tags,
        description: 'The devices of batches of the caller’s subtree and what became of each command',
        body: Body({ ...PageQuery, ...ItemFilter }),
        response: replies(BatchItemPage),
      },
      config: { access: read },
    },
    async (req) => ok(await searchItems(db, authOf(req), req.body)),
  );

  app.post(
    '/command/multipleCmdExport',
    {
      schema: {
        tags,
        description: 'The multipleCmdSearch rows as an xlsx (default) or csv file, capped',
        body: Body({ ...ItemFilter, format: Type.Optional(OneOf(['xlsx', 'csv'] as const)) }),
        response: sheetReply(),
      },
      config: { access: read },
    },
    async (req, reply) => {
      const { format = 'xlsx', ...filter } = req.body;
      return sendFile(reply, await exportItems(db, authOf(req), filter, format));
    },
  );

  app.post(
    '/command/ChBatchOfflineRecordImport',
    {
      schema: {
        tags,
        description:
          'Offline commands for many devices: lines `IMEI` (the body’s command) or `IMEI,command`, or a file’s rows; answers a result per line',
        body: Body({
          lines: Type.Optional(MultiLine(OFFLINE_IMPORT_TEXT_MAX, LIST_LINES_MAX)),
          rows: Type.Optional(
            List(Body({ terminalID: Terminal, content: Type.Optional(Content) }), DEVICE_BATCH_MAX),
          ),
          ...CommandFields,
          ttlHours: Type.Optional(Int(1, 24 * 30)),
        }),
        response: replies(OfflineImport),
      },
      config: { access: write },
    },
    async (req) => ok(await importOfflineCommands(db, authOf(req), req.body, config.offlineCommandTtlHours)),
  );
}
