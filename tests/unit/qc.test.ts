import { describe, expect, it } from 'vitest';
import { IMPORT_PROTOCOL } from '../../src/domain/codes';
import {
  checkResultRows,
  gpsPassed,
  itemsText,
  judgeLocation,
  LOCATION_TEST_MAX_AGE_MS,
  parseVerdict,
  TEST_KIND,
  testRecordOf,
  type TestKind,
} from '../../src/domain/qc';

const types = new Map([
  ['GT06N', IMPORT_PROTOCOL.gt06],
  ['JT808-A', IMPORT_PROTOCOL.jt808],
]);
const check = (
  rows: Parameters<typeof checkResultRows>[0],
  kind: TestKind = TEST_KIND.serial,
  defaults = {},
) => checkResultRows(rows, kind, defaults, (t) => types.get(t));

describe('parseVerdict', () => {
  it('reads the words benches and people write, in English and Chinese', () => {
    for (const w of ['pass', 'PASS', ' ok ', '1', 'true', '合格', '通过']) expect(parseVerdict(w)).toBe(true);
    for (const w of ['fail', 'NG', '0', 'false', '不合格', '失败']) expect(parseVerdict(w)).toBe(false);
    for (const w of ['', 'maybe', undefined]) expect(parseVerdict(w)).toBeNull();
  });
});

describe('checkResultRows', () => {
  it('reports each row: stored, bad IMEI (for its type), bad row', () => {
    const { lines, results } = check([
      { terminalID: '861230000000001', result: 'pass', failedItems: '' },
      { terminalID: '861230000000002', result: 'ng', failedItems: 'GPS | Relay/ ' },
      { terminalID: '861230000000003', result: 'pass', deviceType: 'JT808-A' },
      { terminalID: '13800000001', result: 'pass', deviceType: 'JT808-A' },
      { terminalID: '861230000000004', result: '?' },
      { terminalID: '861230000000005', result: 'ok', testedAt: '2026-11-02 08:30:00' },
      { terminalID: '861230000000006', result: 'ok', testedAt: 'soon' },
      { terminalID: '', result: 'ok' },
    ]);
    expect(lines.map((l) => [l.row, l.ok ? 'ok' : l.key])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'imeiInvalid'],
      [4, 'ok'],
      [5, 'qcRowInvalid'],
      [6, 'ok'],
      [7, 'qcRowInvalid'],
      [8, 'imeiInvalid'],
    ]);
    expect(results.map((r) => r.terminalID)).toEqual([
      '861230000000001',
      '861230000000002',
      '13800000001',
      '861230000000005',
    ]);
    expect(results[1]).toMatchObject({
      passed: false,
      items: [
        { name: 'GPS', passed: false },
        { name: 'Relay', passed: false },
      ],
    });
    expect(results[3].testedAt?.getFullYear()).toBe(2026);
  });

  it('fills the type, station and operator from the defaults when a row names none', () => {
    const { results } = check([{ terminalID: '13800000002', result: '1' }], TEST_KIND.serialV2, {
      deviceType: 'JT808-A',
      station: 'L2',
      operator: 'test',
    });
    expect(results[0]).toMatchObject({ kind: 2, deviceType: 'JT808-A', station: 'L2', operator: 'test' });
    // an 808 type refuses a 15-digit IMEI given through the default too
    expect(
      check([{ terminalID: '861230000000001', result: '1' }], 1, { deviceType: 'JT808-A' }).lines[0].key,
    ).toBe('imeiInvalid');
  });

  it('judges GPS rows without a verdict by the GPS limits and refuses unreadable numbers', () => {
    const { lines, results } = check(
      [
        { terminalID: '861230000000011', satellites: '8', snrAvg: '40', fixSeconds: '30' },
        { terminalID: '861230000000012', satellites: '3', snrAvg: '40' },
        { terminalID: '861230000000013', satellites: '9', result: 'fail' },
        { terminalID: '861230000000014', satellites: '9', latitude: '91' },
        { terminalID: '861230000000015', satellites: 'x' },
      ],
      TEST_KIND.gps,
    );
    expect(lines.map((l) => (l.ok ? l.passed : l.key))).toEqual([
      true,
      false,
      false,
      'qcRowInvalid',
      'qcRowInvalid',
    ]);
    expect(results[0].gps).toEqual({ satellites: 8, snrAvg: 40, fixSeconds: 30 });
  });
});

describe('gpsPassed', () => {
  it('needs enough satellites, a strong enough signal and a quick enough fix', () => {
    expect(gpsPassed({ satellites: 4 })).toBe(true);
    expect(gpsPassed({ satellites: 3 })).toBe(false);
    expect(gpsPassed({ satellites: 9, snrAvg: 20 })).toBe(false);
    expect(gpsPassed({ satellites: 9, fixSeconds: 300 })).toBe(false);
  });
});

describe('testRecordOf and itemsText', () => {
  it('summarises a result for the stock row and the lists', () => {
    const items = [
      { name: 'GSM', value: 26, passed: true },
      { name: 'Relay', passed: false },
    ];
    const at = new Date('2026-11-01T00:00:00Z');
    expect(
      testRecordOf({
        id: 7,
        kind: 1,
        passed: false,
        items,
        gps: null,
        station: 'S1',
        operator: 'op',
        testedAt: at,
      }),
    ).toEqual({
      result: 'fail',
      resultId: 7,
      kind: 1,
      items: 2,
      failedItems: ['Relay'],
      station: 'S1',
      operator: 'op',
      testedAt: '2026-11-01T00:00:00.000Z',
    });
    expect(itemsText(items)).toBe('GSM=26 ✓; Relay ✗');
    expect(itemsText(null)).toBe('');
  });
});

describe('judgeLocation', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const fix = {
    time: new Date(now.getTime() - 60_000),
    valid: true,
    latitude: 22.5,
    longitude: 114,
    satellites: 8,
  };
  it('passes a recent valid fix with enough satellites and says why otherwise', () => {
    expect(judgeLocation(fix, now)).toBe('ok');
    expect(judgeLocation(null, now)).toBe('noLocation');
    expect(judgeLocation({ ...fix, time: new Date(now.getTime() - LOCATION_TEST_MAX_AGE_MS - 1) }, now)).toBe(
      'stale',
    );
    expect(judgeLocation({ ...fix, valid: false }, now)).toBe('invalidFix');
    expect(judgeLocation({ ...fix, latitude: 0, longitude: 0 }, now)).toBe('invalidFix');
    expect(judgeLocation({ ...fix, satellites: 2 }, now)).toBe('fewSatellites');
    expect(judgeLocation({ ...fix, satellites: null }, now)).toBe('ok');
  });
});
