import ExcelJS from 'exceljs';
import { cellText, parseCsv, toCsv } from './csv';

/**
 * Spreadsheet import and export shared by the browser (report downloads, file imports) and
 * the server (list exports): xlsx through exceljs, csv through ./csv.
 */
export type SheetFormat = 'xlsx' | 'csv';

export interface SheetColumn {
  key: string;
  header: string;
  /** Column width in characters (xlsx only). */
  width?: number;
}

export const SHEET_MIME: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export async function writeSheet(
  columns: readonly SheetColumn[],
  rows: readonly Record<string, unknown>[],
  format: SheetFormat,
): Promise<Uint8Array> {
  if (format === 'csv') {
    const text = toCsv(
      columns.map((c) => c.header),
      rows.map((r) => columns.map((c) => r[c.key])),
    );
    return new TextEncoder().encode(text);
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width ?? 16 }));
  for (const r of rows) ws.addRow(columns.map((c) => xlsxValue(r[c.key])));
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}

/** Long digit strings (IMEI, ICCID, SIM) stay text: as numbers Excel would round them. */
export function xlsxValue(v: unknown): ExcelJS.CellValue {
  if (v == null) return null;
  if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

/** Every row of the first sheet as strings (empty cells as ''), header row included. */
export async function readSheet(data: ArrayBuffer | Uint8Array, format: SheetFormat): Promise<string[][]> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (format === 'csv') return parseCsv(new TextDecoder('utf-8').decode(bytes));
  const wb = new ExcelJS.Workbook();
  // exceljs's load takes an ArrayBuffer-like; copy out of a shared/offset view.
  await wb.xlsx.load(bytes.slice().buffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(xlsxText(row.getCell(i).value));
    out.push(cells);
  });
  return out;
}

/** Text of an xlsx cell value: rich text joined, formulas as their result, hyperlinks as text. */
function xlsxText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (typeof v === 'object' && !(v instanceof Date)) {
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result);
    if ('error' in v) return String(v.error);
  }
  return cellText(v);
}
