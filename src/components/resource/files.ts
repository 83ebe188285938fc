import type { SheetColumn, SheetFormat } from '../../sheets';

/** exceljs is large: it is loaded only when a spreadsheet is read or written. */
const sheets = () => import('../../sheets');

export const formatOfFile = (name: string): SheetFormat => (/\.csv$/i.test(name) ? 'csv' : 'xlsx');

const MIME: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Cells of the first sheet of an uploaded xlsx or csv file. */
export async function readSheetFile(file: File): Promise<string[][]> {
  const { readSheet } = await sheets();
  return readSheet(await file.arrayBuffer(), formatOfFile(file.name));
}

/** A small client-side export (reports, search results) through the shared writeSheet. */
export async function saveSheet(
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
  format: SheetFormat,
  baseName: string,
) {
  const { writeSheet } = await sheets();
  const bytes = await writeSheet(columns, rows, format);
  const stamp = new Date().toISOString().slice(0, 10);
  saveBlob(new Blob([bytes as BlobPart], { type: MIME[format] }), `${baseName}-${stamp}.${format}`);
}
