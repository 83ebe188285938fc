/**
 * H02 TCP framing. The same devices send two kinds of frame on one connection:
 * - text: `*XX,<id>,<type>,...#` (XX the maker code, usually HQ), ended by `#`, often followed
 *   by CR LF, which is skipped as filler;
 * - binary: `$` (0x24), BCD id, time and position, with no length field. Known lengths: 32
 *   (5-byte id), 42 (8-byte id), 45 (a cell tower), 46 (odometer, fuel, cell) and 48 (seen in
 *   Traccar's tests, tail unknown); one device keeps one length;
 * - `X` (0x58) frames of 32 bytes that some firmware sends next to `$` ones: cut (as Traccar's
 *   frame decoder does) so that their bytes do not pass for other frames, and not decoded.
 *
 * A binary frame's end is only known from its length, so the splitter takes the length that the
 * next frame's marker confirms (or that fills the buffer exactly) and then keeps it for the
 * connection, as Traccar's frame decoder does. A connection's first binary frame cut exactly at
 * a shorter known length (a 45-byte frame read as 32 + 13 bytes) is therefore misread once;
 * `binaryLength` fixes the length in advance.
 */
import type { FrameSplitter } from '../codec';
import { ScanningSplitter, type ScanResult } from '../splitter';

export const H02_DEFAULT_MAX_BUFFER = 8 * 1024;
/** Longest text frame accepted: SMS answers (the device's settings) run to a few hundred bytes. */
export const H02_TEXT_MAX = 1024;
export const H02_BINARY_LENGTHS = [32, 42, 45, 46, 48] as const;
const SHORTEST = 32;
/** Bytes after `$` that are BCD in every binary layout: id and time (5 + 6, or 8 + 3). */
const BCD_HEAD = 11;

const TEXT_MARK = 0x2a; // *
const BINARY_MARK = 0x24; // $
const X_MARK = 0x58; // X
const HASH = 0x23; // #
const COMMA = 0x2c;

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isBcd = (b: number) => b >> 4 <= 9 && (b & 0x0f) <= 9;
const isMark = (b: number | undefined) => b === TEXT_MARK || b === BINARY_MARK || b === X_MARK;

/** Whether a frame may start at `at`: a marker, and what follows it so far fits that marker. */
function startsFrame(buf: Buffer, at: number): boolean {
  if (buf[at] === TEXT_MARK) {
    for (let i = at + 1; i < Math.min(buf.length, at + 4); i++)
      if (i === at + 3 ? buf[i] !== COMMA : !isLetter(buf[i])) return false;
    return true;
  }
  if (buf[at] !== BINARY_MARK && buf[at] !== X_MARK) return false;
  for (let i = at + 1; i < Math.min(buf.length, at + 1 + BCD_HEAD); i++) if (!isBcd(buf[i])) return false;
  return true;
}

function scanText(buf: Buffer, textMax: number): ScanResult {
  // `*` then a two-letter maker code and a comma: anything else is not a frame start.
  for (let i = 1; i < Math.min(buf.length, 4); i++) {
    const ok = i === 3 ? buf[i] === COMMA : isLetter(buf[i]);
    if (!ok) return { kind: 'skip', count: 1 };
  }
  const end = buf.indexOf(HASH, 1);
  if (end >= 0 && end < textMax) return { kind: 'frame', end: end + 1 };
  return buf.length >= textMax ? { kind: 'skip', count: 1 } : { kind: 'wait' };
}

/** The binary scanner keeps the length a connection's frames have once it is known. */
function binaryScanner() {
  let known: number | undefined;
  return {
    set length(n: number | undefined) {
      known = n;
    },
    scan(buf: Buffer): ScanResult {
      for (let i = 1; i < Math.min(buf.length, 1 + BCD_HEAD); i++)
        if (!isBcd(buf[i])) return { kind: 'skip', count: 1 };
      if (known) return buf.length < known ? { kind: 'wait' } : { kind: 'frame', end: known };
      if (buf.length < SHORTEST) return { kind: 'wait' };
      if (buf.length === SHORTEST) return { kind: 'frame', end: SHORTEST };
      for (const n of H02_BINARY_LENGTHS) {
        if (buf.length === n || (buf.length > n && startsFrame(buf, n))) {
          // A frame followed by another start, or a longer frame alone in the buffer, fixes the length.
          if (n !== SHORTEST || buf.length > n) known = n;
          return { kind: 'frame', end: n };
        }
      }
      // No known length fits yet: wait for more, unless every known length is already passed.
      return buf.length > H02_BINARY_LENGTHS[H02_BINARY_LENGTHS.length - 1]
        ? { kind: 'frame', end: SHORTEST }
        : { kind: 'wait' };
    },
  };
}

/** An `X` frame: 32 bytes whose head is BCD like a binary frame's. */
function scanX(buf: Buffer): ScanResult {
  if (!startsFrame(buf, 0)) return { kind: 'skip', count: 1 };
  return buf.length < SHORTEST ? { kind: 'wait' } : { kind: 'frame', end: SHORTEST };
}

/** Distance to the next byte that may start a frame (the whole buffer when there is none). */
function toNextMark(buf: Buffer): number {
  for (let i = 1; i < buf.length; i++) if (isMark(buf[i])) return i;
  return buf.length;
}

export interface H02SplitterOptions {
  maxBuffer?: number;
  /** Binary frame length of the connection's devices, when known (Traccar's `h02.messageLength`). */
  binaryLength?: number;
}

export function createH02Splitter(options: H02SplitterOptions = {}): FrameSplitter {
  const max = options.maxBuffer ?? H02_DEFAULT_MAX_BUFFER;
  const textMax = Math.min(H02_TEXT_MAX, max);
  const binary = binaryScanner();
  binary.length = options.binaryLength;
  const scan = (buf: Buffer): ScanResult => {
    if (buf[0] === TEXT_MARK) return scanText(buf, textMax);
    if (buf[0] === BINARY_MARK) return binary.scan(buf);
    if (buf[0] === X_MARK) return scanX(buf);
    return { kind: 'skip', count: toNextMark(buf) };
  };
  return new ScanningSplitter(scan, max);
}

/** Whether a pasted frame looks like H02: `*XX,` text or a `$` frame of a known length. */
export function detectH02(frame: Buffer): boolean {
  if (frame.length >= 5 && frame[0] === TEXT_MARK)
    return isLetter(frame[1]) && isLetter(frame[2]) && frame[3] === COMMA;
  if (frame[0] !== BINARY_MARK || !(H02_BINARY_LENGTHS as readonly number[]).includes(frame.length))
    return false;
  for (let i = 1; i <= BCD_HEAD; i++) if (!isBcd(frame[i])) return false;
  return true;
}
