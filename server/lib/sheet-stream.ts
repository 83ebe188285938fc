import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, csvStart } from '../../src/sheets/csv';
import { SHEET_MIME, xlsxValue, type SheetFormat } from '../../src/sheets';

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

/** Rows a paged export writes at most, and how many it reads per query. */
export const PAGED_EXPORT_MAX = 100_000;
const EXPORT_PAGE = 2000;

/**
 * A filtered list as a spreadsheet streamed page by page: `page(limit, offset)` reads one page,
 * already shaped by column key. Call it once the filter is known to be acceptable (a refused
 * filter should fail as an answer, not halfway through a download).
 */
export function pagedSheetExport(opts: {
  format: SheetFormat;
  sheetName: string;
  columns: readonly StreamColumn[];
  /** The file name before its date and extension. */
  fileName: string;
  page: (limit: number, offset: number) => Promise<Record<string, unknown>[]>;
  maxRows?: number;
}) {
  const out = new PassThrough();
  const pump = async () => {
    const { writeRow, finish } = sheetStream(opts.format, opts.sheetName, opts.columns, out);
    for (let offset = 0; offset < (opts.maxRows ?? PAGED_EXPORT_MAX); offset += EXPORT_PAGE) {
      const rows = await opts.page(EXPORT_PAGE, offset);
      for (const x of rows) writeRow(opts.columns.map((c) => x[c.key]));
      if (rows.length < EXPORT_PAGE) break;
    }
    await finish();
  };
  void pump().catch((err: Error) => out.destroy(err));
  return {
    stream: out,
    mime: SHEET_MIME[opts.format],
    filename: `${opts.fileName}-${new Date().toISOString().slice(0, 10)}.${opts.format}`,
    truncated: false,
  };
}
