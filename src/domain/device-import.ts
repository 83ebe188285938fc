import { IMPORT_PROTOCOLS_808 } from './codes';
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
