import { NAME_MAX, TERMINAL_ID_MAX } from '../../../../src/domain/limits';
import {
  QC_ITEM_NAME_MAX,
  QC_ITEM_VALUE_MAX,
  QC_ITEMS_MAX,
  QC_TEXT_MAX,
  QC_UPLOAD_MAX,
  TEST_KINDS,
} from '../../../../src/domain/qc';
import { Body, Code, DateTime, List, Num, OneOf, Text, Type } from '../../../lib/schema/primitives';

/** Request pieces of the QC routes (docs/factory/qc.md). */
export const Kind = OneOf(TEST_KINDS);
export const Short = Type.Optional(Text(QC_TEXT_MAX));
export const DeviceType = Type.Optional(Text(NAME_MAX));
/** A new stock row's DEVICE_PROTOCOL when its device type is not known. */
export const Protocol = Type.Optional(Code());

export const Item = Body({
  name: Text(QC_ITEM_NAME_MAX, { minLength: 1 }),
  value: Type.Optional(Type.Union([Text(QC_ITEM_VALUE_MAX), Num(-1e9, 1e9), Type.Boolean(), Type.Null()])),
  passed: Type.Boolean(),
  expected: Type.Optional(Text(QC_ITEM_VALUE_MAX)),
});

export const Gps = Body({
  satellites: Type.Optional(Num(0, 99)),
  snrAvg: Type.Optional(Num(0, 99)),
  fixSeconds: Type.Optional(Num(0, 86_400)),
  hdop: Type.Optional(Num(0, 99.9)),
  latitude: Type.Optional(Num(-90, 90)),
  longitude: Type.Optional(Num(-180, 180)),
});

const Cell = (max = QC_TEXT_MAX) => Type.Optional(Text(max));
/** An uploaded row's cells (text, as pasted or read from a sheet); the line rules read them. */
export const Row = Body({
  terminalID: Cell(TERMINAL_ID_MAX),
  result: Cell(16),
  deviceType: Cell(NAME_MAX),
  firmwareVersion: Cell(),
  iccid: Cell(),
  station: Cell(),
  operator: Cell(),
  failedItems: Cell(1000),
  testedAt: Cell(40),
  satellites: Cell(16),
  snrAvg: Cell(16),
  fixSeconds: Cell(16),
  hdop: Cell(16),
  latitude: Cell(24),
  longitude: Cell(24),
});
export const Rows = List(Row, QC_UPLOAD_MAX, { minItems: 1 });
export const Items = List(Item, QC_ITEMS_MAX);

export const TimeRange = {
  startTime: Type.Optional(DateTime()),
  endTime: Type.Optional(DateTime()),
};
export const ResultFilter = {
  terminalID: Type.Optional(Text(TERMINAL_ID_MAX)),
  kind: Type.Optional(Kind),
  result: Type.Optional(OneOf(['pass', 'fail'] as const)),
  station: Short,
  operator: Short,
  deviceType: DeviceType,
  ...TimeRange,
};
export const Format = Type.Optional(OneOf(['xlsx', 'csv'] as const));
