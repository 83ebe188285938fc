/**
 * Teltonika TCP framing. A connection opens with the IMEI handshake (2-byte length, then the
 * IMEI in ASCII digits); every later packet (AVL data, Codec 12 answers) is
 * 4 zero bytes, a 4-byte data length, `length` bytes from the codec id on, and a 4-byte CRC.
 */
import type { FrameSplitter } from '../codec';
import { ScanningSplitter, type ScanResult } from '../splitter';
import { crc16Ibm } from './crc';

export const TELTONIKA_DEFAULT_MAX_BUFFER = 64 * 1024;
/** IMEIs are 15 digits; some firmware sends other serials, so a little room either way. */
const IMEI_MIN = 8;
const IMEI_MAX = 20;
/** Preamble and data length before the data, CRC after it. */
export const PACKET_HEAD = 8;
export const PACKET_TAIL = 4;

const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** Whether `buf` starts with a complete handshake, and its length; null: not a handshake. */
function scanHandshake(buf: Buffer): ScanResult | null {
  const n = buf.readUInt16BE(0);
  if (n < IMEI_MIN || n > IMEI_MAX) return null;
  const have = Math.min(buf.length, 2 + n);
  for (let i = 2; i < have; i++) if (!isDigit(buf[i])) return null;
  return buf.length < 2 + n ? { kind: 'wait' } : { kind: 'frame', end: 2 + n };
}

export function scanTeltonika(buf: Buffer, maxBuffer = TELTONIKA_DEFAULT_MAX_BUFFER): ScanResult {
  if (buf.length < 2) return { kind: 'wait' };
  if (buf[0] !== 0) return { kind: 'skip', count: 1 };
  // 0x00 then a small length: the handshake; 4 zero bytes: a packet's preamble.
  if (buf[1] !== 0) return scanHandshake(buf) ?? { kind: 'skip', count: 1 };
  if (buf.length < 4) return { kind: 'wait' };
  if (buf[2] !== 0 || buf[3] !== 0) return { kind: 'skip', count: 1 };
  if (buf.length < PACKET_HEAD) return { kind: 'wait' };
  const length = buf.readUInt32BE(4);
  const end = PACKET_HEAD + length + PACKET_TAIL;
  if (length < 3 || end > maxBuffer) return { kind: 'skip', count: 1 };
  return buf.length < end ? { kind: 'wait' } : { kind: 'frame', end };
}

export function createTeltonikaSplitter(options: { maxBuffer?: number } = {}): FrameSplitter {
  const max = options.maxBuffer ?? TELTONIKA_DEFAULT_MAX_BUFFER;
  return new ScanningSplitter((buf) => scanTeltonika(buf, max), max);
}

/** Wraps `data` (codec id .. last count byte) in preamble, length and CRC. */
export function buildTeltonikaPacket(data: Buffer): Buffer {
  const out = Buffer.alloc(PACKET_HEAD + data.length + PACKET_TAIL);
  out.writeUInt32BE(data.length, 4);
  data.copy(out, PACKET_HEAD);
  out.writeUInt32BE(crc16Ibm(data), PACKET_HEAD + data.length);
  return out;
}

/** The IMEI handshake a device opens its connection with. */
export function buildTeltonikaHandshake(imei: string): Buffer {
  const ascii = Buffer.from(imei, 'ascii');
  const out = Buffer.alloc(2 + ascii.length);
  out.writeUInt16BE(ascii.length, 0);
  ascii.copy(out, 2);
  return out;
}
