import { describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOL, IMPORT_PROTOCOL } from '../../src/domain/codes';
import { checkImportLines, thirdPartyProtocol } from '../../src/domain/device-import';

describe('import list checks', () => {
  it('trims lines, skips blanks and numbers the remaining lines', () => {
    const r = checkImportLines('  864717003283581 \n\n 864717003283582\n', IMPORT_PROTOCOL.gt06);
    expect(r).toEqual([
      { line: 1, imei: '864717003283581', ok: true },
      { line: 2, imei: '864717003283582', ok: true },
    ]);
  });
  it('refuses lengths outside 6 to 15 and marks repeats', () => {
    const r = checkImportLines('12345\n1234567890123456\n123456\n123456', IMPORT_PROTOCOL.other);
    expect(r.map((x) => x.key ?? 'ok')).toEqual(['imeiInvalid', 'imeiInvalid', 'ok', 'imeiDuplicate']);
  });
  it('needs exactly 11 digits for the 808 protocols', () => {
    for (const p of [IMPORT_PROTOCOL.jt808, IMPORT_PROTOCOL.jt808LongStandby, IMPORT_PROTOCOL.bsj11]) {
      const r = checkImportLines('13511221122\n135112211223\n864717003283581', p);
      expect(r.map((x) => x.ok)).toEqual([true, false, false]);
    }
  });
});

describe('third-party devices', () => {
  it('take the device protocol of the family their import protocol names', () => {
    expect(thirdPartyProtocol(IMPORT_PROTOCOL.teltonika)).toBe(DEVICE_PROTOCOL.Teltonika);
    expect(thirdPartyProtocol(IMPORT_PROTOCOL.h02)).toBe(DEVICE_PROTOCOL.H02);
    expect(thirdPartyProtocol(IMPORT_PROTOCOL.jt808LongStandby)).toBe(DEVICE_PROTOCOL.eight);
    // "Other": a code of no family, bound to the family it first connects with.
    expect(thirdPartyProtocol(IMPORT_PROTOCOL.other)).toBe(DEVICE_PROTOCOL.K100);
  });
});
