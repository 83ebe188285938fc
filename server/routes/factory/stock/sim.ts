import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../../config/roles';
import { ok } from '../../../lib/envelope';
import { Body, Text } from '../../../lib/schema/primitives';
import { authOf } from '../../../plugins/auth';
import { clearDeviceCard, clearDevicesData } from '../../../services/stock/clear';
import { matchIccids, searchIccid } from '../../../services/stock/iccid';
import { replies } from '../../../lib/schema/response';
import { ClearedReport, IccidMatches, IccidReport, LineReport } from './responses';
import { Cell, Imeis, rowsOf, RowTerminalId } from './schemas';

const tags = ['sim'];
const clear = { access: { permission: [P.testSimClear], write: true } };

/** SIM cards of factory terminals: lookup, IMEI-to-ICCID matching, clearing a card or a device's data. */
export default async function simRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/card/searchIccid',
    {
      schema: {
        tags,
        description: 'The terminals an ICCID or an IMEI names, across stock and imported devices',
        body: Body({ iccid: Text(64, { minLength: 1 }) }),
        response: replies(IccidMatches),
      },
      config: { access: { permission: [P.testIccid, P.testSimMatch] } },
    },
    async (req) => ok(await searchIccid(db, req.body.iccid)),
  );
  app.post(
    '/card/iccidMatch',
    {
      schema: {
        tags,
        description:
          'IMEI-to-ICCID matching: rows of IMEI and ICCID stored on stock and device; reported per row',
        body: Body({ rows: rowsOf({ terminalID: RowTerminalId, iccid: Cell(64) }) }),
        response: replies(IccidReport),
      },
      config: { access: { permission: [P.testSimMatch], write: true } },
    },
    async (req) => ok(await matchIccids(db, authOf(req), req.body.rows)),
  );
  app.post(
    '/card/clearDeviceCard',
    {
      schema: {
        tags,
        description: "Removes the SIM binding (ICCID) of each terminal's stock row and device",
        body: Body({ imeis: Imeis }),
        response: replies(LineReport),
      },
      config: clear,
    },
    async (req) => ok(await clearDeviceCard(db, authOf(req), req.body.imeis)),
  );
  app.post(
    '/card/clearDevicesData',
    {
      schema: {
        tags,
        description:
          "Clears each terminal's history (positions, alarms, commands, frame log); the device and its account stay",
        body: Body({ imeis: Imeis }),
        response: replies(ClearedReport),
      },
      config: clear,
    },
    async (req) => ok(await clearDevicesData(db, authOf(req), req.body.imeis)),
  );
}
