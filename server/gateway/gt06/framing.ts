/**
 * GT06 framing: `78 78 <len:1>` or `79 79 <len:2>`, then protocol number, body, serial (2),
 * CRC-16/X.25 (2) and `0D 0A`. The length counts protocol number through CRC.
 */
import { DecodeError, ScanningSplitter, type FrameSplitter, type ScanResult } from '../codec';
import { crc16x25 } from './crc';

export const GT06_DEFAULT_MAX_BUFFER = 8192;

export interface Gt06Frame {
  extended: boolean;
  protocol: number;
  /** Bytes between the protocol number and the serial. */
  body: Buffer;
  /**
   * Bytes between the protocol number and the trailer: the body, serial and CRC. Some firmware
   * sends short packets without serial and CRC; their fields run into these bytes.
   */
  payload: Buffer;
  serial: number;
  crcOk: boolean;
}

function isStart(buf: Buffer, i: number): boolean {
  return (buf[i] === 0x78 && buf[i + 1] === 0x78) || (buf[i] === 0x79 && buf[i + 1] === 0x79);
}

function findStart(buf: Buffer, from: number): number {
  for (let i = from; i + 1 < buf.length; i++) if (isStart(buf, i)) return i;
  return -1;
}

/**
 * Finds the frame at the head of `buf`. The declared length is trusted when it lands on `0D 0A`.
 * Some devices send wrong lengths (Traccar's tests hold such frames), so otherwise the frame runs
 * to the first `0D 0A` — unless another start mark comes first, which means the head was garbage.
 */
export function scanGt06(buf: Buffer, maxBuffer = GT06_DEFAULT_MAX_BUFFER): ScanResult {
  const start = findStart(buf, 0);
  if (start < 0) {
    // A lone trailing 0x78/0x79 may be the first half of a start mark split across reads.
    const last = buf[buf.length - 1];
    const keep = last === 0x78 || last === 0x79 ? 1 : 0;
    return keep && buf.length === 1 ? { kind: 'wait' } : { kind: 'skip', count: buf.length - keep };
  }
  if (start > 0) return { kind: 'skip', count: start };

  const extended = buf[0] === 0x79;
  const header = extended ? 4 : 3;
  if (buf.length < header) return { kind: 'wait' };
  const declared = extended ? buf.readUInt16BE(2) : buf[2];
  const total = header + declared + 2;
  if (total > maxBuffer) return { kind: 'skip', count: 2 };
  if (buf.length < total) {
    // A cut frame's length would hold back the frames after it until that many bytes came;
    // a whole frame with a matching CRC further on shows the head was a fragment.
    const next = checkedFrameAfter(buf, 1);
    return next > 0 ? { kind: 'skip', count: next } : { kind: 'wait' };
  }
  if (buf[total - 2] === 0x0d && buf[total - 1] === 0x0a) return { kind: 'frame', end: total };

  for (let i = header; i + 1 < buf.length; i++) {
    if (isStart(buf, i)) return { kind: 'skip', count: i };
    if (buf[i] === 0x0d && buf[i + 1] === 0x0a) return { kind: 'frame', end: i + 2 };
  }
  return { kind: 'wait' };
}

/** Start of the first complete frame at or after `from` whose declared length and CRC hold; -1 if none. */
function checkedFrameAfter(buf: Buffer, from: number): number {
  for (let i = findStart(buf, from); i >= 0; i = findStart(buf, i + 1)) {
    const header = buf[i] === 0x79 ? 4 : 3;
    if (i + header > buf.length) return -1;
    const total = header + (header === 4 ? buf.readUInt16BE(i + 2) : buf[i + 2]) + 2;
    const end = i + total;
    if (total < header + 7 || end > buf.length) continue;
    if (buf[end - 2] !== 0x0d || buf[end - 1] !== 0x0a) continue;
    if (crc16x25(buf, i + 2, end - 4) === buf.readUInt16BE(end - 4)) return i;
  }
  return -1;
}

export function createGt06Splitter(options: { maxBuffer?: number } = {}): FrameSplitter {
  const maxBuffer = options.maxBuffer ?? GT06_DEFAULT_MAX_BUFFER;
  return new ScanningSplitter((buf) => scanGt06(buf, maxBuffer), maxBuffer);
}

/**
 * Where a frame's content ends (the trailer's offset). Normally 0D 0A ends the frame; a frame
 * cut inside its trailer (`… CRC 0D`, Traccar's test frames hold one) ends where its declared
 * length says, so long as what follows is the start of 0D 0A.
 */
function contentEnd(frame: Buffer, header: number): number {
  if (frame[frame.length - 2] === 0x0d && frame[frame.length - 1] === 0x0a) return frame.length - 2;
  const declared = header + (header === 4 ? frame.readUInt16BE(2) : frame[2]);
  const cut = frame.subarray(declared);
  if (declared <= frame.length && cut.length < 2 && (cut.length === 0 || cut[0] === 0x0d)) return declared;
  throw new DecodeError('GT06 frame does not end with 0D0A');
}

/** Splits one frame into its parts. Throws DecodeError on a frame that is not GT06 at all. */
export function parseGt06Frame(frame: Buffer): Gt06Frame {
  if (frame.length < 2 || !isStart(frame, 0))
    throw new DecodeError('not a GT06 frame: no 7878/7979 start mark');
  const extended = frame[0] === 0x79;
  const header = extended ? 4 : 3;
  if (frame.length < header + 1 + 2) throw new DecodeError(`GT06 frame too short (${frame.length} bytes)`);
  const end = contentEnd(frame, header);
  const payload = frame.subarray(header + 1, Math.max(header + 1, end));
  // Fewer bytes than serial and CRC (e.g. 78 78 01 08 0D 0A): no body, serial 0, CRC not ok.
  if (payload.length < 4)
    return { extended, protocol: frame[header], body: payload.subarray(0, 0), payload, serial: 0, crcOk: false };
  const crcAt = end - 2;
  return {
    extended,
    protocol: frame[header],
    body: frame.subarray(header + 1, crcAt - 2),
    payload,
    serial: frame.readUInt16BE(crcAt - 2),
    crcOk: crc16x25(frame, 2, crcAt) === frame.readUInt16BE(crcAt),
  };
}

/** Builds a server-to-device packet with the length, CRC and trailer filled in. */
export function buildGt06Packet(
  protocol: number,
  body: Uint8Array,
  serial: number,
  extended = false,
): Buffer {
  const header = extended ? 4 : 3;
  const length = 1 + body.length + 2 + 2;
  if (length > (extended ? 0xffff : 0xff))
    throw new RangeError(`GT06 packet body too long (${body.length} bytes)`);
  const out = Buffer.alloc(header + length + 2);
  out[0] = out[1] = extended ? 0x79 : 0x78;
  if (extended) out.writeUInt16BE(length, 2);
  else out[2] = length;
  out[header] = protocol;
  out.set(body, header + 1);
  out.writeUInt16BE(serial & 0xffff, header + 1 + body.length);
  const crcAt = header + 1 + body.length + 2;
  out.writeUInt16BE(crc16x25(out, 2, crcAt), crcAt);
  out[crcAt + 2] = 0x0d;
  out[crcAt + 3] = 0x0a;
  return out;
}
