import { DEVICE_PROTOCOL, IMPORT_PROTOCOL, IMPORT_PROTOCOLS_808 } from './codes';
import type { MessageKey } from './messages';
import { isValidImei, parseLines } from './validators';

/** What happened to one line of a device import (spec: the import reports per line). */
export interface ImportLineResult {
  line: number;
  imei: string;
  ok: boolean;
  key?: MessageKey;
  /** An imported device's own password, drawn at import: answered this once, stored hashed. */
  password?: string;
}

/**
 * The checks an import list passes before the database is asked: one IMEI per line, trimmed,
 * blank lines ignored, 6 to 15 characters (exactly 11 digits for the 808 import protocols),
 * and no IMEI twice. Shared by the import form and the server.
 */
export function checkImportLines(text: string, importProtocol: number): ImportLineResult[] {
  const is808 = IMPORT_PROTOCOLS_808.includes(importProtocol);
  const seen = new Set<string>();
  return parseLines(text).map((imei, i) => {
    const line = i + 1;
    if (!isValidImei(imei, is808)) return { line, imei, ok: false, key: 'imeiInvalid' };
    if (seen.has(imei)) return { line, imei, ok: false, key: 'imeiDuplicate' };
    seen.add(imei);
    return { line, imei, ok: true };
  });
}

/**
 * The device protocol code of a third-party device (issue 32: imported without a factory test
 * record, so no stock row says what it is): the family its import protocol names. "Other" is
 * K100, a code of no family, which binds to the family the device first connects with
 * (familyMayServe).
 */
const THIRD_PARTY_PROTOCOL: Readonly<Record<number, number>> = {
  [IMPORT_PROTOCOL.other]: DEVICE_PROTOCOL.K100,
  [IMPORT_PROTOCOL.jt808]: DEVICE_PROTOCOL.eight,
  [IMPORT_PROTOCOL.gt06]: DEVICE_PROTOCOL.Gt06,
  [IMPORT_PROTOCOL.jt808LongStandby]: DEVICE_PROTOCOL.eight,
  [IMPORT_PROTOCOL.bsj11]: DEVICE_PROTOCOL.Bsj,
  [IMPORT_PROTOCOL.teltonika]: DEVICE_PROTOCOL.Teltonika,
  [IMPORT_PROTOCOL.osmand]: DEVICE_PROTOCOL.OsmAnd,
  [IMPORT_PROTOCOL.h02]: DEVICE_PROTOCOL.H02,
  [IMPORT_PROTOCOL.tk103]: DEVICE_PROTOCOL.Tk103,
  [IMPORT_PROTOCOL.meitrack]: DEVICE_PROTOCOL.Meitrack,
};

export const thirdPartyProtocol = (importProtocol: number): number =>
  THIRD_PARTY_PROTOCOL[importProtocol] ?? DEVICE_PROTOCOL.K100;
