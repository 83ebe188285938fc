import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { MESSAGES } from '../../../src/domain/messages';
import { PageQuery, ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { Body, Id, Int, Type } from '../../lib/schema/primitives';
import { CommandFields, Terminal } from './schemas';
import { commandLog, findOffline } from '../../services/command/history';
import { cancelOffline, commandSettingsOf, insertOffline, sendCommand } from '../../services/command/send';
import { replies, repliesNull } from '../../lib/schema/response';
import { specNames } from '../../lib/spec-names';
import { CommandLogPage, OfflinePage, Queued, SendResult } from './responses';

const tags = ['command'];
const access = { permission: [P.command, P.testBatchCmd] };

export default async function commandSendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  const settings = commandSettingsOf(config);

  // insertCommand: the spec client's name for sending (and recording) a command.
  const SendBody = Body({ terminalID: Terminal, ...CommandFields });
  for (const path of specNames('/command/sendCommand', '/command/insertCommand'))
    app.post(
      path.url,
      {
        schema: {
          tags,
          description: path.describe(
            'Sends a command to a device and waits for its reply; an unreachable device with an offline-capable protocol gets it queued',
          ),
          body: SendBody,
          response: replies(SendResult),
        },
        config: { access },
      },
      async (req) => {
        const { terminalID, ...command } = req.body;
        const r = await sendCommand(db, app.bus, authOf(req), terminalID, command, settings);
        return ok(r, r.key ? MESSAGES[r.key] : 'success');
      },
    );

  // commandAdd: the spec client's name for adding a command to the device's offline queue.
  const OfflineBody = Body({
    terminalID: Terminal,
    ...CommandFields,
    ttlHours: Type.Optional(Int(1, 24 * 30)),
  });
  for (const path of specNames('/command/insertOffline', '/command/commandAdd'))
    app.post(
      path.url,
      {
        schema: {
          tags,
          description: path.describe('Saves a command to be sent when the device next connects'),
          body: OfflineBody,
          response: replies(Queued),
        },
        config: { access },
      },
      async (req) => {
        const { terminalID, ttlHours, ...command } = req.body;
        const r = await insertOffline(
          db,
          authOf(req),
          terminalID,
          command,
          ttlHours ?? settings.offlineTtlHours,
        );
        return ok(r, MESSAGES.commandQueued);
      },
    );

  app.post(
    '/command/findAndOffline',
    {
      schema: {
        tags,
        description: "A device's offline commands",
        body: Body({ ...PageQuery, terminalID: Terminal, waiting: Type.Optional(Type.Boolean()) }),
        response: replies(OfflinePage),
      },
      config: { access },
    },
    async (req) => ok(await findOffline(db, authOf(req), req.body)),
  );

  app.post(
    '/command/cancelOffline',
    {
      schema: { tags, body: Body({ terminalID: Terminal, id: Id() }), response: repliesNull() },
      config: { access },
    },
    async (req) => {
      await cancelOffline(db, authOf(req), req.body.terminalID, req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/command/getCommand',
    {
      schema: {
        tags,
        description: 'The command log of a device',
        body: Body({ ...PageQuery, terminalID: Terminal }),
        response: replies(CommandLogPage),
      },
      config: { access },
    },
    async (req) => ok(await commandLog(db, authOf(req), req.body)),
  );
}
