/**
 * Teltonika packets from the server's side (Codec 12 GPRS commands) and, for the simulator and
 * tests, the device's side (handshake and Codec 8 / 8 Extended AVL data).
 */
import { buildTeltonikaPacket } from './framing';
import { CODEC12_TYPE, TELTONIKA_CODEC } from './decoder';
import type { IoElement } from './io';

export { buildTeltonikaHandshake } from './framing';

/** A GPRS command (Codec 12, type 0x05) carrying `text` in ASCII. */
export function encodeTeltonikaCommand(text: string): Buffer {
  const command = Buffer.from(text, 'latin1');
  const data = Buffer.alloc(1 + 1 + 1 + 4 + command.length + 1);
  let at = data.writeUInt8(TELTONIKA_CODEC.codec12, 0);
  at = data.writeUInt8(1, at);
  at = data.writeUInt8(CODEC12_TYPE.command, at);
  at = data.writeUInt32BE(command.length, at);
  at += command.copy(data, at);
  data.writeUInt8(1, at);
  return buildTeltonikaPacket(data);
}

/** The device's answer to a command (Codec 12, type 0x06). */
export function encodeTeltonikaResponse(text: string): Buffer {
  const packet = encodeTeltonikaCommand(text);
  const data = packet.subarray(8, packet.length - 4);
  data[2] = CODEC12_TYPE.response;
  return buildTeltonikaPacket(Buffer.from(data));
}

export interface AvlRecord {
  time: Date;
  /** 0 low, 1 high, 2 panic. */
  priority?: number;
  latitude: number;
  longitude: number;
  altitude?: number;
  course?: number;
  satellites?: number;
  /** km/h */
  speed?: number;
  eventIo?: number;
  io?: IoElement[];
}

export type AvlCodec = 'codec8' | 'codec8e' | 'codec16';

/** An AVL data packet of `records` in Codec 8, 8 Extended or 16. */
export function encodeTeltonikaAvl(records: readonly AvlRecord[], codec: AvlCodec = 'codec8'): Buffer {
  const parts: Buffer[] = [Buffer.from([TELTONIKA_CODEC[codec], records.length])];
  for (const rec of records) parts.push(encodeRecord(rec, codec));
  parts.push(Buffer.from([records.length]));
  return buildTeltonikaPacket(Buffer.concat(parts));
}

function encodeRecord(rec: AvlRecord, codec: AvlCodec): Buffer {
  const gps = Buffer.alloc(8 + 1 + 15);
  gps.writeBigUInt64BE(BigInt(rec.time.getTime()), 0);
  gps.writeUInt8(rec.priority ?? 0, 8);
  gps.writeInt32BE(Math.round(rec.longitude * 1e7), 9);
  gps.writeInt32BE(Math.round(rec.latitude * 1e7), 13);
  gps.writeInt16BE(Math.round(rec.altitude ?? 0), 17);
  gps.writeUInt16BE(Math.round(rec.course ?? 0) % 360, 19);
  gps.writeUInt8(rec.satellites ?? 0, 21);
  gps.writeUInt16BE(Math.round(rec.speed ?? 0), 22);
  return Buffer.concat([gps, encodeIo(rec.eventIo ?? 0, rec.io ?? [], codec)]);
}

function encodeIo(eventId: number, io: readonly IoElement[], codec: AvlCodec): Buffer {
  const extended = codec === 'codec8e';
  const field = (wide: boolean) => (n: number) => {
    const b = Buffer.alloc(wide ? 2 : 1);
    if (wide) b.writeUInt16BE(n);
    else b.writeUInt8(n);
    return b;
  };
  const id = field(codec !== 'codec8');
  const word = field(extended);
  // Codec 16: a generation type byte (0 on exit ... 5 on change, 6 eventual, 7 periodical) follows the event id.
  const parts: Buffer[] = [id(eventId), ...(codec === 'codec16' ? [Buffer.from([7])] : []), word(io.length)];
  const fixed = [1, 2, 4, 8];
  for (const size of fixed) {
    const group = io.filter((e) => e.value.length === size);
    parts.push(word(group.length));
    for (const e of group) parts.push(id(e.id), e.value);
  }
  const other = io.filter((e) => !fixed.includes(e.value.length));
  if (other.length && !extended) throw new RangeError('variable-length IO elements need Codec 8 Extended');
  if (extended) {
    parts.push(word(other.length));
    for (const e of other) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(e.value.length);
      parts.push(id(e.id), len, e.value);
    }
  }
  return Buffer.concat(parts);
}

/** An IO element of `size` bytes holding `value` (unsigned, big-endian). */
export function ioElement(id: number, size: 1 | 2 | 4 | 8, value: number | bigint): IoElement {
  const b = Buffer.alloc(size);
  if (size === 8) b.writeBigUInt64BE(BigInt(value));
  else b.writeUIntBE(Number(value), 0, size);
  return { id, value: b };
}
