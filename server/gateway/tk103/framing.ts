/**
 * TK103 TCP framing: ASCII frames `(<id><4-char code><body>)`. A body may carry free text
 * between `$` signs (ZC03 answers) that can hold `)`, so a `)` ends the frame only outside a
 * `$...$` run. Bytes before `(` (line ends, noise) are skipped; a frame that never closes within
 * the cap is dropped byte by byte until the next `(`.
 */
import type { FrameSplitter } from '../codec';
import { ScanningSplitter, type ScanResult } from '../splitter';

/** The document allows bodies up to 1 KB; BMS (BS50) frames are the longest we know (~330). */
export const TK103_DEFAULT_MAX_BUFFER = 4 * 1024;
export const TK103_MAX_FRAME = 2 * 1024;

export const FRAME_OPEN = 0x28; // (
export const FRAME_CLOSE = 0x29; // )
const FREE_TEXT = 0x24; // $

export function scanTk103(buf: Buffer, maxFrame = TK103_MAX_FRAME): ScanResult {
  if (buf[0] !== FRAME_OPEN) {
    const at = buf.indexOf(FRAME_OPEN);
    return { kind: 'skip', count: at < 0 ? buf.length : at };
  }
  let inText = false;
  const limit = Math.min(buf.length, maxFrame);
  for (let i = 1; i < limit; i++) {
    const b = buf[i];
    if (b === FREE_TEXT) inText = !inText;
    else if (inText) continue;
    else if (b === FRAME_CLOSE) return { kind: 'frame', end: i + 1 };
    // A new frame starts before this one closed: the device cut it off (reconnect, reset).
    else if (b === FRAME_OPEN) return { kind: 'skip', count: i };
  }
  return buf.length >= maxFrame ? { kind: 'skip', count: 1 } : { kind: 'wait' };
}

export function createTk103Splitter(options: { maxBuffer?: number } = {}): FrameSplitter {
  const max = options.maxBuffer ?? TK103_DEFAULT_MAX_BUFFER;
  const maxFrame = Math.min(TK103_MAX_FRAME, max);
  return new ScanningSplitter((buf) => scanTk103(buf, maxFrame), max);
}

/** `(<id><code><body>)` in ASCII. */
export function buildTk103Frame(id: string, code: string, body = ''): Buffer {
  return Buffer.from(`(${id}${code}${body})`, 'latin1');
}

/** The comma-separated layout of newer firmware: `(<id>,<code>,<fields...>)`. */
export function buildTk103CommaFrame(id: string, code: string, fields: readonly (string | number)[]): Buffer {
  return Buffer.from(`(${[id, code, ...fields].join(',')})`, 'latin1');
}
