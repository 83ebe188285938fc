import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { NAME_MAX, TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { REMOVAL_REASONS, STOCK_OPS, STOCK_STATES, STOCK_TESTS } from '../../../src/domain/stock';
import { ICCID_MAX_LENGTH } from '../../../src/domain/device-rules';
import { ok, PageQuery } from '../../lib/envelope';
import { sendFile } from '../../lib/send-file';
import { Body, OneOf, Text, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { exportStock, listStock } from '../../services/stock/list';
import { removeFromStock, shipToAgent } from '../../services/stock/out';
import { listStockRecords } from '../../services/stock/records';
import { stockIn } from '../../services/stock/stock-in';
import { replies } from '../../lib/schema/response';
import { sheetReply } from '../../lib/schema/response';
import { LineReport, StockInReport, StockPage, StockRecordPage } from './stock/responses';
import simRoutes from './stock/sim';
import {
  BatchNo,
  Cell,
  DeviceTypeName,
  Format,
  Imeis,
  Remark,
  rowsOf,
  RowTerminalId,
  TimeRange,
} from './stock/schemas';

const tags = ['stock'];
const read = { access: { permission: [P.testStock] } };
const write = { access: { permission: [P.testStock], write: true } };
const StockFilter = {
  status: Type.Optional(OneOf(STOCK_STATES)),
  deviceType: Type.Optional(Text(NAME_MAX)),
  batchNo: Type.Optional(Text(NAME_MAX)),
  test: Type.Optional(OneOf(STOCK_TESTS)),
  iccid: Type.Optional(Text(ICCID_MAX_LENGTH)),
  terminalID: Type.Optional(Text(TERMINAL_ID_MAX)),
  ...TimeRange,
};

/** Stock, SIM matching and clearing (issue 15, part 5; docs/factory/stock.md). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/preInput/stockList',
    {
      schema: {
        tags,
        description: 'The factory stock (stockDevice)',
        body: Body({ ...PageQuery, ...StockFilter }),
        response: replies(StockPage),
      },
      config: read,
    },
    async (req) => ok(await listStock(db, req.body)),
  );
  app.post(
    '/preInput/stockExport',
    {
      schema: {
        tags,
        description: 'The filtered stock as xlsx (default) or csv',
        body: Body({ ...StockFilter, format: Format }),
        response: sheetReply('The filtered stock as an xlsx or csv file'),
      },
      config: read,
    },
    async (req, reply) => {
      const { format = 'xlsx', ...filter } = req.body;
      return sendFile(reply, await exportStock(db, filter, format));
    },
  );
  app.post(
    '/preInput/records',
    {
      schema: {
        tags,
        description: 'What happened to stock terminals: stocked, shipped, removed, SIM matched or cleared',
        body: Body({
          ...PageQuery,
          terminalID: Type.Optional(Text(TERMINAL_ID_MAX)),
          op: Type.Optional(OneOf(STOCK_OPS)),
          ...TimeRange,
        }),
        response: replies(StockRecordPage),
      },
      config: { access: { permission: [P.testStock, P.testSimMatch, P.testSimClear, P.testIccid] } },
    },
    async (req) => ok(await listStockRecords(db, req.body)),
  );
  app.post(
    '/preInput/deviceInputIn',
    {
      schema: {
        tags,
        description:
          'Stock in: rows of IMEI, optional ICCID and device type (else `deviceType`) under a batch number; reported per row',
        body: Body({
          rows: rowsOf({ terminalID: RowTerminalId, iccid: Cell(64), deviceType: Cell(NAME_MAX) }),
          batchNo: BatchNo,
          deviceType: Type.Optional(DeviceTypeName),
        }),
        response: replies(StockInReport),
      },
      config: write,
    },
    async (req) => ok(await stockIn(db, authOf(req), req.body)),
  );
  app.post(
    '/preInput/inputImportTerminalIDs',
    {
      schema: {
        tags,
        description:
          'Ships tested terminals in stock to an agent account (pre-input for its import); reported per line',
        body: Body({ imeis: Imeis, username: Text(NAME_MAX, { minLength: 1 }), remark: Remark }),
        response: replies(LineReport),
      },
      config: write,
    },
    async (req) => ok(await shipToAgent(db, authOf(req), req.body)),
  );
  app.post(
    '/preInput/deviceInputOut',
    {
      schema: {
        tags,
        description: 'Removal: terminals leave stock without an agent, for a reason; reported per line',
        body: Body({ imeis: Imeis, reason: OneOf(REMOVAL_REASONS), remark: Remark }),
        response: replies(LineReport),
      },
      config: write,
    },
    async (req) => ok(await removeFromStock(db, authOf(req), req.body)),
  );
  await app.register(simRoutes);
}
