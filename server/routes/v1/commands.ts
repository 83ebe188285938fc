import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { MESSAGES } from '../../../src/domain/messages';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { commandSettingsOf, sendCommand } from '../../services/command/send';
import { commandV1, outcomeName } from '../../services/public-api/commands';
import { CommandBody, CommandIdParam } from './requests';
import { CommandResult, CommandSent, security, tags } from './schemas';

/** Commands to devices of the subtree (write keys) and their results. */
export default async function v1CommandRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  const settings = commandSettingsOf(config);

  app.post(
    '/commands',
    {
      schema: {
        tags,
        security,
        summary: 'Send a command',
        description:
          "Sends a command (text, or a command of the device type's set with its params) and waits for the reply " +
          `(at most COMMAND_TIMEOUT, 30 s by default). A device offline whose protocol allows it gets the command queued ` +
          '(queued true). Write keys only; the demo account is refused.',
        body: CommandBody,
        response: replies(CommandSent),
      },
      config: { access: { permission: [P.command], write: true } },
    },
    async (req) => {
      const { terminalId, ...command } = req.body;
      const r = await sendCommand(db, app.bus, authOf(req), terminalId, command, settings);
      const answer =
        'offlineCommandId' in r
          ? { queued: true, offlineCommandId: r.offlineCommandId, content: r.content }
          : {
              queued: false,
              commandId: r.commandId,
              content: r.content,
              outcome: outcomeName(r.result),
              reply: r.backContent,
            };
      return ok(answer, r.key ? MESSAGES[r.key] : 'success');
    },
  );

  app.get(
    '/commands/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A command and its result',
        description: 'Status, outcome and reply of a command sent to a device of the subtree',
        params: CommandIdParam,
        response: replies(CommandResult),
      },
      config: { access: { permission: [P.command] } },
    },
    async (req) => ok(await commandV1(db, authOf(req), req.params.id)),
  );
}
