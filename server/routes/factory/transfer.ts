import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import {
  TRANSFER_DEVICE_STATUSES,
  TRANSFER_HOST_MAX,
  TRANSFER_LINES_MAX,
  TRANSFER_NAME_MAX,
  TRANSFER_PORT_MAX,
  TRANSFER_TEXT_MAX,
} from '../../../src/domain/ip-transfer';
import { parseLines } from '../../../src/domain/validators';
import { ok, PageQuery } from '../../lib/envelope';
import { Body, Id, Int, MultiLine, OneOf, Required, Text, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { checkMoves } from '../../services/ip-transfer/check';
import { createTransfer } from '../../services/ip-transfer/create';
import { listTransferDevices, listTransfers } from '../../services/ip-transfer/results';
import { TransferRunner } from '../../services/ip-transfer/runner';
import { replies } from '../../lib/schema/response';
import { CheckResult, TransferDevicePage, TransferPage, TransferReport } from './transfer/responses';

const tags = ['factory-transfer'];
/** The transfer-result roles (testSearch, wanweiTest) read; only transferIp may send. */
const read = { access: { permission: [P.testTransferIpResult, P.testTransferIp] } };
const Imeis = MultiLine(TRANSFER_TEXT_MAX, TRANSFER_LINES_MAX);
const DeviceFilter = {
  transferId: Type.Optional(Id()),
  imeis: Type.Optional(Imeis),
  status: Type.Optional(OneOf(TRANSFER_DEVICE_STATUSES)),
};

/** IP transfer of trackers to another server address (issue 15, part 6; docs/factory/ip-transfer.md). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, bus } = app;
  const runner = new TransferRunner(db, bus);
  app.addHook('onClose', () => runner.close());

  app.post(
    '/transfer/transferIp',
    {
      schema: {
        tags,
        description:
          'Sends pasted terminals a new server address (GT06 SERVER text command, JT/T 808 0x8103); offline ones are recorded, not sent; answers the per-line report',
        body: Body({
          imeis: Imeis,
          host: Required(TRANSFER_HOST_MAX),
          port: Int(1, TRANSFER_PORT_MAX),
          name: Type.Optional(Text(TRANSFER_NAME_MAX)),
        }),
        response: replies(TransferReport),
      },
      config: { access: { permission: [P.testTransferIp], write: true } },
    },
    async (req) => ok(await createTransfer({ db, runner, userId: authOf(req).user.id }, req.body)),
  );
  app.post(
    '/transfer/transferIpResults',
    {
      schema: {
        tags,
        description: 'Transfers, newest first, with their devices counted by status',
        body: Body({
          ...PageQuery,
          name: Type.Optional(Text(TRANSFER_NAME_MAX)),
          host: Type.Optional(Text(TRANSFER_HOST_MAX)),
        }),
        response: replies(TransferPage),
      },
      config: read,
    },
    async (req) => ok(await listTransfers(db, req.body)),
  );
  app.post(
    '/transfer/transferIpResult',
    {
      schema: {
        tags,
        description:
          "One transfer's devices (or every transfer's, newest first) with their status and current address",
        body: Body({ ...PageQuery, ...DeviceFilter }),
        response: replies(TransferDevicePage),
      },
      config: read,
    },
    async (req) => ok(await listTransferDevices(db, req.body)),
  );
  app.post(
    '/transfer/transferFindByImeis',
    {
      schema: {
        tags,
        description: 'The transfer records of the pasted terminals, newest first',
        body: Body({ ...PageQuery, imeis: Imeis, status: DeviceFilter.status }),
        response: replies(TransferDevicePage),
      },
      config: read,
    },
    async (req) => ok(await listTransferDevices(db, req.body)),
  );
  app.post(
    '/transfer/batchCheckTransferIpResults',
    {
      schema: {
        tags,
        description:
          'Checks now which devices reconnected to their new address (one transfer, pasted terminals, or every running transfer)',
        body: Body({ transferId: DeviceFilter.transferId, imeis: DeviceFilter.imeis }),
        response: replies(CheckResult),
      },
      config: read,
    },
    async (req) => {
      const { transferId, imeis } = req.body;
      const terminalIds = imeis ? parseLines(imeis) : undefined;
      return ok(await checkMoves(db, { transferId, terminalIds }));
    },
  );
}
