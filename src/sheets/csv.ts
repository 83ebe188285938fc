/**
 * CSV as Excel reads it (RFC 4180: comma separated, CRLF rows, fields with a comma, quote or
 * line break quoted and quotes doubled), written with a UTF-8 byte order mark so Excel shows
 * Chinese and other non-Latin text correctly. Pure: used in the browser and on the server
 * (exceljs's own CSV support needs node streams).
 */
const BOM = '\uFEFF';

export function csvField(value: unknown): string {
  const text = cellText(value);
  // A leading = + - @ would make a spreadsheet treat the text as a formula (CSV injection);
  // IMEIs and phone numbers never start with them, so the guard costs nothing.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The text of a cell value: dates as ISO strings, empty for null/undefined. */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return BOM + csvLine(header) + rows.map(csvLine).join('');
}

export const csvStart = (header: readonly string[]) => BOM + csvLine(header);

/** Parses CSV text into rows of strings (quoted fields, doubled quotes, CRLF or LF, optional BOM). */
export function parseCsv(text: string): string[][] {
  const s = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
