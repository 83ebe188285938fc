/**
 * JT/T 808 framing: `7E <header> <body> <xor> 7E`, with 7E and 7D inside escaped as `7D 02` and
 * `7D 01`. The XOR covers header and body before escaping.
 */
import { DecodeError, ScanningSplitter, type FrameSplitter, type ScanResult } from '../codec';
import { scanJt808Text } from './text-frames';

export const JT808_DEFAULT_MAX_BUFFER = 8192;
/** 7E + id, properties, 6-byte terminal, serial + check + 7E: nothing shorter can be a frame. */
const MIN_FRAME = 1 + 12 + 1 + 1;

export interface Jt808Header {
  messageId: number;
  bodyLength: number;
  /** Properties bit 15 (reserved in the standard): Jointech's "answer wanted" on 0x5501/0x5502. */
  replyWanted: boolean;
  /** Properties bits 10-12; bit 10 means an RSA-encrypted body. */
  encryption: number;
  subpackage: boolean;
  /** Protocol version byte of 2019 terminals (properties bit 14); undefined before 2019. */
  version?: number;
  terminal: Buffer;
  serial: number;
  packageCount?: number;
  packageIndex?: number;
}

export interface Jt808Frame {
  header: Jt808Header;
  body: Buffer;
  checkOk: boolean;
}

export function scanJt808(buf: Buffer): ScanResult {
  // Jointech e-locks also send `(…)` ASCII lines (text-frames.ts); a '(' that starts none is garbage.
  if (buf[0] === 0x28) {
    const end = scanJt808Text(buf);
    return end > 0 ? { kind: 'frame', end } : end === 0 ? { kind: 'wait' } : { kind: 'skip', count: 1 };
  }
  const start = buf.findIndex((b) => b === 0x7e || b === 0x28);
  if (start < 0) return { kind: 'skip', count: buf.length };
  if (start > 0) return { kind: 'skip', count: start };
  const end = buf.indexOf(0x7e, 1);
  if (end < 0) return { kind: 'wait' };
  // Too short to be a frame: the first 7E closed an earlier, lost frame, the second opens one.
  if (end + 1 < MIN_FRAME) return { kind: 'skip', count: end };
  return { kind: 'frame', end: end + 1 };
}

export function createJt808Splitter(options: { maxBuffer?: number } = {}): FrameSplitter {
  return new ScanningSplitter(scanJt808, options.maxBuffer ?? JT808_DEFAULT_MAX_BUFFER);
}

/** Undoes the 7D escapes. An unknown escape is kept as is; the check then flags the frame. */
export function unescapeJt808(data: Buffer): Buffer {
  const out = Buffer.alloc(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (b === 0x7d && (data[i + 1] === 0x01 || data[i + 1] === 0x02)) {
      out[n++] = data[++i] === 0x01 ? 0x7d : 0x7e;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

export function escapeJt808(data: Uint8Array): Buffer {
  const out: number[] = [];
  for (const b of data) {
    if (b === 0x7e) out.push(0x7d, 0x02);
    else if (b === 0x7d) out.push(0x7d, 0x01);
    else out.push(b);
  }
  return Buffer.from(out);
}

export function xorCheck(data: Uint8Array, start = 0, end = data.length): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= data[i];
  return x;
}

/**
 * Jointech (JT701/JT709 e-lock) location reports 0x5501 and 0x5502, and their answer 0x4401,
 * carry a 1-byte serial in an otherwise standard header; property bit 15 asks for the answer and
 * bits 10-13 are the vendor's flags.
 */
export const SHORT_SERIAL_IDS: ReadonlySet<number> = new Set([0x5501, 0x5502, 0x4401]);

/** Unescapes and splits one frame. Throws DecodeError when it cannot be an 808 frame. */
export function parseJt808Frame(frame: Buffer): Jt808Frame {
  if (frame.length < 2 || frame[0] !== 0x7e || frame[frame.length - 1] !== 0x7e) {
    throw new DecodeError('not a JT/T 808 frame: must start and end with 7E');
  }
  const raw = frame.subarray(1, frame.length - 1);
  let inner = unescapeJt808(raw);
  if (inner.length < 13) throw new DecodeError(`JT/T 808 frame too short (${inner.length} bytes inside)`);
  const messageId = inner.readUInt16BE(0);
  const properties = inner.readUInt16BE(2);
  const jointech = SHORT_SERIAL_IDS.has(messageId);
  const is2019 = (properties & 0x4000) !== 0;
  // Jointech uses properties bits 10-13 as its own flags, not encryption or sub-packages.
  const subpackage = !jointech && (properties & 0x2000) !== 0;
  const serialLength = jointech ? 1 : 2;
  const headerLength = 4 + (is2019 ? 1 + 10 : 6) + serialLength + (subpackage ? 4 : 0);
  // A 7D 01/02 that some senders leave unescaped: when only the raw bytes match the declared
  // body length, they are the frame (Traccar's test frames hold such frames, e.g. 01 58 7D 01).
  const declared = headerLength + (properties & 0x03ff) + 1;
  if (inner.length !== raw.length && inner.length !== declared && raw.length === declared) {
    inner = Buffer.from(raw);
  }
  if (inner.length < headerLength + 1) throw new DecodeError('JT/T 808 frame shorter than its header');
  let at = 4;
  const version = is2019 ? inner[at++] : undefined;
  const terminal = Buffer.from(inner.subarray(at, (at += is2019 ? 10 : 6)));
  const serial = serialLength === 1 ? inner[at] : inner.readUInt16BE(at);
  at += serialLength;
  const header: Jt808Header = {
    messageId,
    bodyLength: properties & 0x03ff,
    replyWanted: (properties & 0x8000) !== 0,
    encryption: jointech ? 0 : (properties >> 10) & 0x07,
    subpackage,
    version,
    terminal,
    serial,
  };
  if (subpackage) {
    header.packageCount = inner.readUInt16BE(at);
    header.packageIndex = inner.readUInt16BE(at + 2);
  }
  const last = inner.length - 1;
  return {
    header,
    body: inner.subarray(headerLength, last),
    checkOk: xorCheck(inner, 0, last) === inner[last],
  };
}

export interface Jt808Target {
  /** Terminal number bytes, as received (see `encodeJt808Terminal` to build them from an id). */
  terminal: Buffer;
  /** 2019 protocol version byte; leave undefined for 2011/2013 terminals. */
  version?: number;
}

/** Builds an escaped platform frame with the properties word and check filled in. */
export function buildJt808Frame(
  messageId: number,
  body: Uint8Array,
  target: Jt808Target,
  serial: number,
  /** A sub-package of a long message (properties bit 13): total count and 1-based index. */
  packet?: { count: number; index: number },
  options: { replyWanted?: boolean } = {},
): Buffer {
  if (body.length > 0x3ff) throw new RangeError(`JT/T 808 body too long (${body.length} bytes)`);
  const is2019 = target.version !== undefined;
  const want = is2019 ? 10 : 6;
  if (target.terminal.length !== want) throw new RangeError(`terminal number must be ${want} bytes`);
  const serialLength = SHORT_SERIAL_IDS.has(messageId) ? 1 : 2;
  const head = Buffer.alloc(4 + (is2019 ? 1 : 0) + want + serialLength + (packet ? 4 : 0));
  head.writeUInt16BE(messageId & 0xffff, 0);
  head.writeUInt16BE(
    body.length | (is2019 ? 0x4000 : 0) | (packet ? 0x2000 : 0) | (options.replyWanted ? 0x8000 : 0),
    2,
  );
  let at = 4;
  if (is2019) head[at++] = (target.version ?? 0) & 0xff;
  target.terminal.copy(head, at);
  at += want;
  if (serialLength === 1) head[at] = serial & 0xff;
  else head.writeUInt16BE(serial & 0xffff, at);
  at += serialLength;
  if (packet) {
    head.writeUInt16BE(packet.count & 0xffff, at);
    head.writeUInt16BE(packet.index & 0xffff, at + 2);
  }
  const inner = Buffer.concat([head, body, Buffer.of(0)]);
  inner[inner.length - 1] = xorCheck(inner, 0, inner.length - 1);
  return Buffer.concat([Buffer.of(0x7e), escapeJt808(inner), Buffer.of(0x7e)]);
}
