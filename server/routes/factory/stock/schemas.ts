import { BATCH_NO_MAX, STOCK_LINES_MAX, STOCK_REMARK_MAX } from '../../../../src/domain/stock';
import { NAME_MAX, TERMINAL_ID_MAX } from '../../../../src/domain/limits';
import { Body, DateTime, LineList, List, OneOf, Text, Type } from '../../../lib/schema/primitives';

/** Pasted terminal ids, one per line (the service reports each line). */
export const Imeis = LineList({ minLength: 1 });
export const Remark = Type.Optional(Text(STOCK_REMARK_MAX));
export const BatchNo = Text(BATCH_NO_MAX, { minLength: 1 });
export const DeviceTypeName = Text(NAME_MAX);
/** Cells of a pasted or read spreadsheet row; the line rules check their shape. */
export const Cell = (max: number) => Type.Optional(Text(max));
export const rowsOf = <P extends Parameters<typeof Body>[0]>(cells: P) =>
  List(Body(cells), STOCK_LINES_MAX, { minItems: 1 });
export const RowTerminalId = Text(TERMINAL_ID_MAX);
export const TimeRange = {
  startTime: Type.Optional(DateTime()),
  endTime: Type.Optional(DateTime()),
};
export const Format = Type.Optional(OneOf(['xlsx', 'csv'] as const));
