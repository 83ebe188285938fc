/**
 * The head of a TK103 frame: the device id and the 4-character message code. Two layouts:
 * `(<id><code><body>)` with a 12-character id (the V1.5 document; some firmware sends 11 or
 * letters), and `(<id>,<code>,<fields>)` with a 15-digit IMEI (newer firmware).
 */

export interface Tk103Head {
  id: string;
  /** e.g. BR00, BP05, ZC20, DW3B. */
  code: string;
  /** Everything after the code (after its comma in the comma layout), without the `)`. */
  body: string;
  commaLayout: boolean;
}

const CODE = /^[A-Z]{2}[0-9A-F]{2}$/;
const COMMA_HEAD = /^([^,()]{1,20}),([A-Z]{2}[0-9A-F]{2})(?:,|$)/;
/** A code where the fixed id is not 12 characters long. */
const CODE_ANYWHERE = /[A-Z]{2}\d[0-9A-F]/g;
const ID_LENGTH = 12;
const ID = /^[\x21-\x7e]{1,20}$/;

export function readHead(text: string): Tk103Head | null {
  if (!text.startsWith('(')) return null;
  const inner = text.slice(1, text.endsWith(')') ? -1 : undefined);
  const comma = COMMA_HEAD.exec(inner);
  if (comma) return { id: comma[1], code: comma[2], body: inner.slice(comma[0].length), commaLayout: true };
  let at = CODE.test(inner.slice(ID_LENGTH, ID_LENGTH + 4)) ? ID_LENGTH : -1;
  if (at < 0) {
    CODE_ANYWHERE.lastIndex = 0;
    for (let m = CODE_ANYWHERE.exec(inner); m && m.index <= 20; m = CODE_ANYWHERE.exec(inner)) {
      if (m.index >= 6) {
        at = m.index;
        break;
      }
      CODE_ANYWHERE.lastIndex = m.index + 1;
    }
  }
  if (at < 0) return null;
  const id = inner.slice(0, at);
  if (!ID.test(id) || id.includes(',')) return null;
  return { id, code: inner.slice(at, at + 4), body: inner.slice(at + 4), commaLayout: false };
}

/** The code's 4 ASCII bytes as a number: the message id logs show. */
export const codeNumber = (code: string): number =>
  Buffer.from(code.padEnd(4, ' '), 'latin1').readUInt32BE(0);
