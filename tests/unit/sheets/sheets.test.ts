import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { readSheet, writeSheet } from '../../../src/sheets';
import { parseCsv, toCsv } from '../../../src/sheets/csv';

const columns = [
  { key: 'imei', header: 'IMEI', width: 18 },
  { key: 'name', header: 'Name' },
  { key: 'n', header: 'Count' },
];
const rows = [
  { imei: '860000000000001', name: '京A12345 "tank", 1', n: 3 },
  { imei: '89860012345678901234', name: 'line\nbreak', n: null },
];

describe('sheets', () => {
  it('xlsx round trip keeps long digit strings as text and the header row', async () => {
    const data = await writeSheet(columns, rows, 'xlsx');
    expect(data[0]).toBe(0x50); // "PK": a zip container
    const back = await readSheet(data, 'xlsx');
    expect(back).toEqual([
      ['IMEI', 'Name', 'Count'],
      ['860000000000001', '京A12345 "tank", 1', '3'],
      ['89860012345678901234', 'line\nbreak'],
    ]);
    // The IMEI cell is a string cell, so Excel shows all 20 digits.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data.slice().buffer);
    expect(typeof wb.worksheets[0]!.getRow(3).getCell(1).value).toBe('string');
  });
  it('csv round trip with quotes, commas, line breaks and Chinese text', async () => {
    const data = await writeSheet(columns, rows, 'csv');
    expect([...data.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await readSheet(data, 'csv')).toEqual([
      ['IMEI', 'Name', 'Count'],
      ['860000000000001', '京A12345 "tank", 1', '3'],
      ['89860012345678901234', 'line\nbreak', ''],
    ]);
  });
  it('csv: formulas are neutralised, negative numbers kept', () => {
    expect(toCsv(['a'], [['=1+1'], ['-5'], ['@x']])).toBe("\uFEFFa\r\n'=1+1\r\n-5\r\n'@x\r\n");
  });
  it('csv: any table of strings survives a round trip', () => {
    const cell = fc.string().filter((s) => !/^[=+\-@]/.test(s));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (table) => {
          const [header, ...body] = table.map((r) => r.slice(0, 2));
          expect(parseCsv(toCsv(header!, body))).toEqual([header, ...body]);
        },
      ),
    );
  });
});
