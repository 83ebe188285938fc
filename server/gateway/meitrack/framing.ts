/**
 * Meitrack GPRS framing. Every packet, both ways, is
 * `$$` (device) or `@@` (server), a one-character data identifier, the decimal data length,
 * then `,<IMEI>,<command>,<data>*<checksum>\r\n`. The length counts from the first comma through
 * the CR LF; the checksum is two hex digits: the byte sum of everything up to and including `*`,
 * modulo 256 (MEITRACK GPRS Protocol, "GPRS command format").
 *
 * Text packets (AAA and the command answers) end at their CR LF; some firmware miscounts their
 * length by a few bytes, so the terminator decides. Binary packets (CCC, CCE and the D00 photo
 * data) may contain CR LF and `$$` in their data, so for them the length decides.
 */
import type { FrameSplitter } from '../codec';
import { ScanningSplitter, type ScanResult } from '../splitter';

export const MEITRACK_DEFAULT_MAX_BUFFER = 64 * 1024;
export const DEVICE_MARK = '$$';
export const SERVER_MARK = '@@';
/** Commands whose data is binary (compressed records, photo data): framed by their length. */
export const BINARY_COMMANDS: ReadonlySet<string> = new Set(['CCC', 'CCE', 'D00']);
/** Length digits allowed between the identifier and the first comma. */
const LENGTH_DIGITS_MAX = 5;
/** The IMEI field (15 digits; older units send other serials) searched for its closing comma. */
const ID_MAX = 24;
/** Bytes after the data: `*`, two hex digits, CR LF. */
export const TRAILER = 5;

const DOLLAR = 0x24;
const COMMA = 0x2c;
const STAR = 0x2a;
const CRLF = Buffer.from('\r\n', 'latin1');
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** Sum of the bytes of `buf[from, to)` modulo 256: the packet checksum. */
export function meitrackChecksum(buf: Buffer, from = 0, to = buf.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum = (sum + buf[i]) & 0xff;
  return sum;
}

/** The head of a packet: where its length field ends and what it claims. */
export interface PacketHead {
  /** Index of the first comma. */
  comma: number;
  length: number;
  /** The 3-letter command after the id, when the bytes so far reach it. */
  command?: string;
}

/**
 * Reads `$$X<len>,<id>,<cmd>` at the start of `buf` (any two-byte mark). null: not a packet
 * head; 'wait': too few bytes to tell.
 */
export function readHead(buf: Buffer): PacketHead | null | 'wait' {
  let comma = -1;
  for (let i = 3; i < Math.min(buf.length, 3 + LENGTH_DIGITS_MAX + 1); i++) {
    if (buf[i] === COMMA) {
      comma = i;
      break;
    }
    if (!isDigit(buf[i])) return null;
  }
  if (comma < 0) return buf.length < 3 + LENGTH_DIGITS_MAX + 1 ? 'wait' : null;
  if (comma === 3) return null;
  const length = Number(buf.toString('latin1', 3, comma));
  const idEnd = buf.indexOf(COMMA, comma + 1);
  if (idEnd < 0 || idEnd - comma - 1 > ID_MAX) {
    if (buf.length - comma - 1 <= ID_MAX) return 'wait';
    return null;
  }
  if (buf.length < idEnd + 4) return 'wait';
  return { comma, length, command: buf.toString('latin1', idEnd + 1, idEnd + 4) };
}

/** Index just past the first CR LF after a `*` at or beyond `from`; -1 if none yet. */
function textEnd(buf: Buffer, from: number): number {
  const star = buf.indexOf(STAR, from);
  if (star < 0) return -1;
  const crlf = buf.indexOf(CRLF, star);
  return crlf < 0 ? -1 : crlf + 2;
}

export function scanMeitrack(buf: Buffer, maxBuffer = MEITRACK_DEFAULT_MAX_BUFFER): ScanResult {
  if (buf[0] !== DOLLAR) {
    const next = buf.indexOf(DOLLAR, 1);
    return { kind: 'skip', count: next < 0 ? buf.length : next };
  }
  if (buf.length < 2) return { kind: 'wait' };
  if (buf[1] !== DOLLAR) return { kind: 'skip', count: 1 };
  const head = readHead(buf);
  if (head === 'wait') return { kind: 'wait' };
  if (head === null) return { kind: 'skip', count: 1 };
  if (BINARY_COMMANDS.has(head.command ?? '')) {
    const end = head.comma + head.length;
    if (head.length < TRAILER || end > maxBuffer) return { kind: 'skip', count: 1 };
    return buf.length < end ? { kind: 'wait' } : { kind: 'frame', end };
  }
  const end = textEnd(buf, head.comma);
  if (end > 0) {
    // A packet that lost its CR LF: the next packet's mark closes it.
    const nextMark = buf.indexOf(DEVICE_MARK, 2, 'latin1');
    if (nextMark > 0 && nextMark < end) return { kind: 'frame', end: nextMark };
    return { kind: 'frame', end };
  }
  const nextMark = buf.indexOf(DEVICE_MARK, 2, 'latin1');
  if (nextMark > 0 && buf.lastIndexOf(STAR, nextMark) > head.comma) return { kind: 'frame', end: nextMark };
  return { kind: 'wait' };
}

export function createMeitrackSplitter(options: { maxBuffer?: number } = {}): FrameSplitter {
  const max = options.maxBuffer ?? MEITRACK_DEFAULT_MAX_BUFFER;
  return new ScanningSplitter((buf) => scanMeitrack(buf, max), max);
}

/**
 * A whole packet: `mark` + `flag` + length + `,<id>,` + `body` + `*XX\r\n`. `body` is the
 * command and its data (`AAA,35,...`, `A10`); binary data goes in as bytes.
 */
export function buildMeitrackPacket(
  mark: '$$' | '@@',
  flag: string,
  id: string,
  body: Buffer | string,
): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const data = Buffer.concat([Buffer.from(`,${id},`, 'latin1'), bytes]);
  const length = data.length + TRAILER;
  const head = Buffer.from(`${mark}${flag.charAt(0) || 'A'}${length}`, 'latin1');
  const upToStar = Buffer.concat([head, data, Buffer.from('*', 'latin1')]);
  const checksum = meitrackChecksum(upToStar).toString(16).toUpperCase().padStart(2, '0');
  return Buffer.concat([upToStar, Buffer.from(`${checksum}\r\n`, 'latin1')]);
}
