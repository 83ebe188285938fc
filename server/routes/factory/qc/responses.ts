import { Nullable, Page, Row, Stamp, Type } from '../../../lib/schema/response';
import { Int, ReportLine, Str, Time } from '../responses';

/** Answer shapes of the QC routes (server/services/qc; docs/factory/qc.md). */

const Kind = Type.Integer({ description: 'TEST_KIND: 1 serial, 2 serial v2, 3 GPS, 4 location' });

/** One checked item of a bench run. */
const TestItem = Row({
  name: Str(),
  value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  passed: Type.Boolean(),
  expected: Type.Optional(Str()),
});
const TestItems = Type.Array(TestItem);

/** GPS fix quality measured on the bench. */
const GpsFix = Row({
  satellites: Type.Optional(Type.Number()),
  snrAvg: Type.Optional(Type.Number()),
  fixSeconds: Type.Optional(Type.Number()),
  hdop: Type.Optional(Type.Number()),
  latitude: Type.Optional(Type.Number()),
  longitude: Type.Optional(Type.Number()),
});

const ItemsText = Type.String({ description: 'The items as one line of text (name=value ✓/✗)' });

/** testSerialResult: the stored result. */
export const Stored = Row({ id: Int(), terminalID: Str(), passed: Type.Boolean() });

/** testSerialsResult / testSerialsGPSResult: the per-row report. */
export const UploadReport = Row({
  total: Int(),
  succeeded: Type.Integer({ description: 'Rows stored' }),
  results: Type.Array(ReportLine({ passed: Type.Optional(Type.Boolean()) })),
});

/** What a test result says of a terminal, in a stored result and in a terminal's latest. */
const resultFields = {
  terminalID: Str(),
  kind: Kind,
  passed: Type.Boolean(),
  items: TestItems,
  itemsText: ItemsText,
  gps: Nullable(GpsFix),
  deviceType: Str(),
  firmwareVersion: Str(),
  station: Str(),
  operator: Str(),
  testedAt: Time(),
};

/** testResults: one stored result. */
export const ResultRow = Row({
  id: Int(),
  ...resultFields,
  iccid: Str(),
  config: Nullable(Type.String({ description: 'Name of the test configuration the result ran' })),
  createdAt: Time(),
});

/** qc/search: one tested terminal with its latest result. */
export const TerminalRow = Row({
  id: Type.Integer({ description: 'Row id of the latest result' }),
  ...resultFields,
  passes: Int(),
  failures: Int(),
  tests: Int(),
  importable: Type.Boolean({ description: "The stock row's pass record (deviceImport requires it)" }),
});

/** locationTest: the verdict on the newest fix. */
export const LocationVerdict = Row({
  terminalID: Str(),
  passed: Type.Boolean(),
  reason: Type.Union(
    ['ok', 'noLocation', 'stale', 'invalidFix', 'fewSatellites'].map((r) => Type.Literal(r)),
  ),
  source: Nullable(Type.Union([Type.Literal('frame'), Type.Literal('position')])),
  time: Stamp(),
  ageSeconds: Nullable(Int()),
  valid: Nullable(Type.Boolean()),
  satellites: Nullable(Type.Number()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});

/** qc/terminal: everything the factory knows of one terminal. */
export const TerminalLookup = Row({
  terminalID: Str(),
  known: Type.Boolean(),
  inStock: Type.Boolean(),
  deviceType: Str(),
  stockState: Nullable(Type.Union(['in_stock', 'shipped', 'removed'].map((s) => Type.Literal(s)))),
  shippedTo: Nullable(Str()),
  test: Type.Union(['untested', 'passed', 'failed'].map((s) => Type.Literal(s))),
  testedAt: Stamp(),
  importable: Type.Boolean(),
  passes: Int(),
  failures: Int(),
  latestKind: Nullable(Kind),
  latestItems: ItemsText,
  recent: Type.Array(Row({ testedAt: Time(), kind: Kind, passed: Type.Boolean() })),
  imported: Type.Boolean(),
  importedTo: Nullable(Str()),
  importedAt: Stamp(),
  online: Type.Boolean(),
  node: Str(),
  remoteAddr: Str(),
  localPort: Nullable(Int()),
  connectedAt: Stamp(),
});

/** A test configuration (test_configs). */
export const ConfigRow = Row({
  id: Int(),
  name: Str(),
  deviceType: Str(),
  kind: Kind,
  items: Type.Array(
    Row({
      name: Str(),
      min: Type.Optional(Type.Number()),
      max: Type.Optional(Type.Number()),
      expected: Type.Optional(Str()),
      required: Type.Optional(Type.Boolean()),
    }),
  ),
  enabled: Type.Boolean(),
  createdBy: Nullable(Int()),
  createdAt: Time(),
  updatedAt: Time(),
});
export const ConfigPage = Page(ConfigRow);
export const Deleted = Row({ id: Int() });
