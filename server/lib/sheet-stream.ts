import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, csvStart } from '../../src/sheets/csv';
import { xlsxValue, type SheetFormat } from '../../src/sheets';

export interface StreamColumn {
  key: string;
  header: string;
  width?: number;
}

/**
 * A spreadsheet written row by row into `out` (csv, or a streamed xlsx without shared strings
 * or styles), so an export of 100,000 rows never holds them all in memory.
 */
export function sheetStream(
  format: SheetFormat,
  sheetName: string,
  columns: readonly StreamColumn[],
  out: PassThrough,
) {
  if (format === 'csv') {
    out.write(csvStart(columns.map((c) => c.header)));
    return {
      writeRow: (values: unknown[]) => void out.write(csvLine(values)),
      finish: async () => void out.end(),
    };
  }
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  return {
    writeRow: (values: unknown[]) => ws.addRow(values.map(xlsxValue)).commit(),
    finish: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}
