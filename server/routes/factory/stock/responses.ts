import { STOCK_OPS, STOCK_STATES, STOCK_TESTS } from '../../../../src/domain/stock';
import { Nullable, Page, Row, Stamp, Type } from '../../../lib/schema/response';
import type { TSchema } from 'typebox';
import { Int, ReportLine, Str, Time } from '../responses';

/** Answer shapes of the stock and SIM routes (server/services/stock; docs/factory/stock.md). */

const State = Type.Union(STOCK_STATES.map((s) => Type.Literal(s)), {
  description: 'in_stock, shipped (to an agent) or removed (out without an agent)',
});
const Test = Type.Union(STOCK_TESTS.map((s) => Type.Literal(s)));

/** A stock row (stockList). */
export const StockRow = Row({
  id: Int(),
  terminalID: Str(),
  deviceType: Str(),
  iccid: Nullable(Str()),
  batchNo: Str(),
  status: Type.String({ description: 'Stored status: in_stock or shipped (see state)' }),
  shippedTo: Nullable(Type.String({ description: 'Username of the receiving account' })),
  shippedAt: Stamp(),
  testPassed: Type.Boolean(),
  testedAt: Stamp(),
  firmwareVersion: Nullable(Str()),
  createdAt: Time(),
  state: State,
  test: Test,
});
export const StockPage = Page(StockRow);

/** A stock or SIM operation record (stock_records). */
export const StockRecordRow = Row({
  id: Int(),
  terminalID: Str(),
  op: Type.Union(STOCK_OPS.map((s) => Type.Literal(s))),
  detail: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'Free-form: the values before and after, and the batch, reason or counts of the operation',
    }),
  ),
  operator: Nullable(Str()),
  target: Nullable(Type.String({ description: 'The receiving account of a shipment' })),
  createdAt: Time(),
});
export const StockRecordPage = Page(StockRecordRow);

/** The per-line answer of every stock and SIM operation. */
export const Report = <L extends TSchema>(line: L) =>
  Row({
    total: Int(),
    succeeded: Type.Integer({ description: 'Lines done' }),
    results: Type.Array(line),
  });

export const StockInReport = Report(ReportLine({ iccid: Str(), deviceType: Str() }));
export const LineReport = Report(ReportLine());
export const IccidReport = Report(ReportLine({ iccid: Str() }));
/** clearDevicesData: a done line carries the rows it deleted per kind. */
export const ClearedReport = Report(
  ReportLine({
    positions: Type.Optional(Int()),
    alarms: Type.Optional(Int()),
    trackDays: Type.Optional(Int()),
    commands: Type.Optional(Int()),
    offlineCommands: Type.Optional(Int()),
    frames: Type.Optional(Int()),
  }),
);

/** searchIccid: the terminals an ICCID or IMEI names. */
export const IccidMatches = Row({
  list: Type.Array(
    Row({
      terminalID: Str(),
      matchedBy: Type.Union([Type.Literal('imei'), Type.Literal('iccid')]),
      stockIccid: Nullable(Str()),
      deviceIccid: Nullable(Str()),
      cardIccid: Nullable(Str()),
      deviceType: Str(),
      batchNo: Nullable(Str()),
      state: Nullable(State),
      test: Nullable(Test),
      owner: Nullable(Str()),
      imported: Type.Boolean(),
    }),
  ),
});
