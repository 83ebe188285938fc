import { describe, expect, it } from 'vitest';
import { expiryWindow, parseIccidLines, parseTerminalIds } from '../../../src/domain/device-rules';

describe('device rules', () => {
  it('terminalIDs: trimmed, blanks dropped, each once, in order', () => {
    expect(parseTerminalIds([' 123456 ', '', '654321', '123456'])).toEqual(['123456', '654321']);
    expect(parseTerminalIds('111111\r\n\n 222222 \n111111')).toEqual(['111111', '222222']);
  });
  it('ICCID lines: IMEI and ICCID split by comma, tab, semicolon or blanks', () => {
    expect(
      parseIccidLines(
        '860000000000001,8986001\n\n860000000000002\t8986002\n860000000000003;x\n860000000000004',
      ),
    ).toEqual([
      { line: 1, terminalID: '860000000000001', iccid: '8986001' },
      { line: 3, terminalID: '860000000000002', iccid: '8986002' },
      { line: 4, terminalID: '860000000000003', iccid: 'x' },
      { line: 5, terminalID: '860000000000004', iccid: '' },
    ]);
  });
  it('expiry windows: 7 and 60 days ahead from now, expired before now', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(expiryWindow(7, now)).toEqual({ from: now, to: new Date('2026-01-08T00:00:00Z') });
    expect(expiryWindow(60, now)).toEqual({ from: now, to: new Date('2026-03-02T00:00:00Z') });
    expect(expiryWindow(-1, now)).toEqual({ to: now });
    expect(expiryWindow(5, now)).toBeNull();
  });
});
