import { describe, expect, it } from 'vitest';
import {
  checkIccidPairs,
  checkStockInRows,
  checkTerminalLines,
  stockState,
  stockTest,
  type KnownType,
} from '../../src/domain/stock';

const TYPES = new Map<string, KnownType>([
  ['GT06N', { is808: false }],
  ['JT808-A', { is808: true }],
]);
const outcome = (lines: { ok: boolean; key?: string }[]) => lines.map((l) => (l.ok ? 'ok' : l.key));

describe('stock in lines', () => {
  it('takes the form type for lines naming none, and reads "IMEI,type" when the second cell is a type', () => {
    const lines = checkStockInRows(
      [
        { terminalID: ' 861234500000011 ', iccid: '89860000000000000011' },
        { terminalID: '12345678901', iccid: 'JT808-A' },
        { terminalID: '861234500000012', iccid: '', deviceType: 'GT06N' },
      ],
      'GT06N',
      TYPES,
    );
    expect(lines).toEqual([
      { row: 1, terminalID: '861234500000011', iccid: '89860000000000000011', deviceType: 'GT06N', ok: true },
      { row: 2, terminalID: '12345678901', iccid: '', deviceType: 'JT808-A', ok: true },
      { row: 3, terminalID: '861234500000012', iccid: '', deviceType: 'GT06N', ok: true },
    ]);
  });

  it('refuses unknown types, IMEIs of the wrong shape for the type, bad and repeated ICCIDs, repeated IMEIs', () => {
    const lines = checkStockInRows(
      [
        { terminalID: '861234500000011', deviceType: 'NOPE' },
        { terminalID: '861234500000011' },
        { terminalID: '861234500000012', deviceType: 'JT808-A' },
        { terminalID: '86-1234' },
        { terminalID: '861234500000011' },
        { terminalID: '861234500000013', iccid: '8986' },
        { terminalID: '861234500000014', iccid: '89860000000000000014' },
        { terminalID: '861234500000015', iccid: '89860000000000000014' },
      ],
      'GT06N',
      TYPES,
    );
    expect(outcome(lines)).toEqual([
      'deviceTypeUnknown',
      'ok',
      'imeiInvalid',
      'imeiInvalid',
      'imeiDuplicate',
      'iccidInvalid',
      'ok',
      'iccidDuplicate',
    ]);
  });

  it('refuses every line when no type is given and none is named', () => {
    expect(outcome(checkStockInRows([{ terminalID: '861234500000011' }], '', TYPES))).toEqual([
      'deviceTypeUnknown',
    ]);
  });
});

describe('terminal lines and ICCID pairs', () => {
  it('checks pasted terminal ids once each', () => {
    expect(outcome(checkTerminalLines(['861234500000011', 'x', '861234500000011 ', '12345678901']))).toEqual([
      'ok',
      'imeiInvalid',
      'imeiDuplicate',
      'ok',
    ]);
  });

  it('checks IMEI,ICCID pairs: both well formed, neither repeated', () => {
    const lines = checkIccidPairs([
      { terminalID: '861234500000011', iccid: '89860000000000000011' },
      { terminalID: '861234500000012' },
      { terminalID: '861234500000013', iccid: '89860000000000000011' },
      { terminalID: '861234500000011', iccid: '89860000000000000019' },
      { terminalID: 'no', iccid: '89860000000000000018' },
    ]);
    expect(outcome(lines)).toEqual(['ok', 'iccidInvalid', 'iccidDuplicate', 'imeiDuplicate', 'imeiInvalid']);
    expect(lines[0]).toMatchObject({ row: 1, iccid: '89860000000000000011' });
  });
});

describe('stock state and test as shown', () => {
  it('tells shipped from removed by the receiving account', () => {
    expect(stockState('in_stock', null)).toBe('in_stock');
    expect(stockState('shipped', 2)).toBe('shipped');
    expect(stockState('shipped', null)).toBe('removed');
  });

  it('tells never tested from failed', () => {
    expect(stockTest(null, false)).toBe('untested');
    expect(stockTest(new Date(), false)).toBe('failed');
    expect(stockTest(new Date(), true)).toBe('passed');
  });
});
