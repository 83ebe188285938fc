import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { Body, Id, OneOf, Type } from '../../lib/schema/primitives';
import { agentDeviceCounts } from '../../services/devices/agent-counts';
import { exportAgentList } from '../../services/devices/agent-export';
import { sendFile } from '../../lib/send-file';
import { replies } from '../../lib/schema/response';
import { sheetReply } from '../../lib/schema/response';
import { AgentDeviceCounts } from './responses';

const tags = ['user'];
const LIST = { permission: [P.agentList] } as const;

/** Account screens' device figures: per-child device counts and the account list export. */
export default async function agentDeviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/user/agentDeviceCount',
    {
      schema: {
        tags,
        description: 'Per direct child of userId (default the caller): own and subtree devices by state',
        body: Body({ userId: Type.Optional(Id()) }),
        response: replies(AgentDeviceCounts),
      },
      config: { access: LIST },
    },
    async (req) => ok(await agentDeviceCounts(app.db, authOf(req), req.body.userId)),
  );

  app.post(
    '/user/indexAgentListExport',
    {
      schema: {
        tags,
        description: 'The accounts of the subtree of userId (default the caller) as an xlsx or csv file',
        body: Body({
          userId: Type.Optional(Id()),
          format: OneOf(['xlsx', 'csv']),
        }),
        response: sheetReply(),
      },
      config: { access: LIST },
    },
    async (req, reply) => {
      const file = await exportAgentList(app.db, authOf(req), req.body.userId, req.body.format);
      return sendFile(reply, file);
    },
  );
}
