/**
 * Teltonika frame decoding: the IMEI handshake, AVL data (Codec 8 and 8 Extended) and the
 * device's answers to GPRS commands (Codec 12 and 13). Layouts: Teltonika wiki "Codec".
 * Codec 16 (older FM36/FM6 firmware) is Codec 8 with 2-byte IO ids and event id and a
 * generation type byte after the event id (as Traccar reads it).
 */
import {
  ByteReader,
  cleanText,
  DecodeError,
  errorResult,
  guardDecode,
  messageOf,
  type CodecSession,
  type DecodeResult,
  type DecodedMessage,
  type LocationMessage,
  type ReplyMessage,
} from '../codec';
import { teltonikaOutcome } from './answers';
import { crc16Ibm } from './crc';
import { PACKET_HEAD, PACKET_TAIL } from './framing';
import { mapIoElements, type IoElement } from './io';

export const TELTONIKA_CODEC = {
  codec8: 0x08,
  codec8e: 0x8e,
  codec16: 0x10,
  codec12: 0x0c,
  codec13: 0x0d,
} as const;
/** Codec 12 packet types: a command to the device, its answer. */
export const CODEC12_TYPE = { command: 0x05, response: 0x06 } as const;

/** Handshake answers: 0x01 accepts the device, 0x00 refuses it. */
export const HANDSHAKE_ACCEPT = Buffer.from([0x01]);
export const HANDSHAKE_REJECT = Buffer.from([0x00]);

/** Record priority 2 is "panic": the device's SOS input. */
const PRIORITY_PANIC = 2;
/** Times before this are a device without a clock fix (its epoch starts at 0). */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const LATEST_AHEAD_MS = 24 * 3600_000;

export function decodeTeltonikaFrame(
  frame: Buffer,
  session: CodecSession = {},
  now = new Date(),
): DecodeResult {
  return guardDecode(() => {
    if (frame.length >= 2 && frame.readUInt16BE(0) === frame.length - 2 && frame[0] === 0 && frame[1] !== 0)
      return decodeHandshake(frame, session);
    return decodePacket(frame, session, now);
  });
}

function decodeHandshake(frame: Buffer, session: CodecSession): DecodeResult {
  const imei = frame.subarray(2).toString('ascii');
  if (!/^\d+$/.test(imei)) return errorResult('handshake IMEI is not digits');
  session.deviceId = imei;
  return {
    messages: [
      { type: 'login', protocol: 'teltonika', messageId: 0, serial: 0, checksumOk: true, deviceId: imei },
    ],
    reply: HANDSHAKE_ACCEPT,
    reject: HANDSHAKE_REJECT,
  };
}

function decodePacket(frame: Buffer, session: CodecSession, now: Date): DecodeResult {
  if (frame.length < PACKET_HEAD + 3 + PACKET_TAIL) return errorResult('packet too short');
  if (frame.readUInt32BE(0) !== 0) return errorResult('no packet preamble');
  const length = frame.readUInt32BE(4);
  if (PACKET_HEAD + length + PACKET_TAIL !== frame.length)
    return errorResult('data length does not match the packet');
  const dataEnd = PACKET_HEAD + length;
  const checksumOk = frame.readUInt32BE(dataEnd) === crc16Ibm(frame, PACKET_HEAD, dataEnd);
  const r = new ByteReader(frame, PACKET_HEAD, dataEnd);
  const codec = r.u8();
  const count = r.u8();
  const base = { protocol: 'teltonika' as const, messageId: codec, checksumOk, deviceId: session.deviceId };
  const layout = IO_LAYOUTS[codec];
  if (layout) {
    const messages: DecodedMessage[] = [];
    for (let i = 0; i < count; i++) messages.push(readRecord(r, layout, now, { ...base, serial: i }));
    if (r.u8() !== count) throw new DecodeError('record counts differ');
    // The ack is the number of records accepted; the device drops them from its memory then.
    const reply = Buffer.alloc(4);
    reply.writeUInt32BE(count, 0);
    return { messages, reply, locationAck: true };
  }
  if (codec === TELTONIKA_CODEC.codec12 || codec === TELTONIKA_CODEC.codec13) {
    const type = r.u8();
    const size = r.u32();
    const body = new ByteReader(r.bytes(size));
    // Codec 13 puts the answer's time first; the command log has its own times.
    if (codec === TELTONIKA_CODEC.codec13) body.skip(4);
    const text = cleanText(body.rest().toString('latin1'));
    if (type !== CODEC12_TYPE.response)
      return {
        messages: [{ ...base, serial: 0, type: 'unknown', note: `codec ${codec} type ${type}` }],
        reply: null,
      };
    const reply: ReplyMessage = { ...base, serial: 0, type: 'commandReply', text };
    const outcome = teltonikaOutcome(text);
    if (outcome) reply.outcome = outcome;
    return { messages: [reply], reply: null };
  }
  return {
    messages: [{ ...base, serial: 0, type: 'unknown', note: `codec 0x${codec.toString(16)} not supported` }],
    reply: null,
  };
}

type Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'checksumOk' | 'deviceId' | 'serial'>;

function readRecord(r: ByteReader, layout: IoLayout, now: Date, base: Base): LocationMessage {
  const ms = Number(r.bytes(8).readBigUInt64BE(0));
  const priority = r.u8();
  const longitude = r.bytes(4).readInt32BE(0) / 1e7;
  const latitude = r.bytes(4).readInt32BE(0) / 1e7;
  const altitude = r.i16();
  const course = r.u16();
  const satellites = r.u8();
  const speed = r.u16();
  const { eventId, elements } = readIo(r, layout);
  const io = mapIoElements(elements);
  const timeOk = ms >= EARLIEST_MS && ms <= now.getTime() + LATEST_AHEAD_MS;
  const alarms = [...(priority === PRIORITY_PANIC ? (['sos'] as const) : []), ...(io.alarms ?? [])];
  const msg = messageOf<LocationMessage>(base, io, {
    type: alarms.length ? 'alarm' : 'location',
    time: timeOk ? new Date(ms) : now,
    // Without a fix the device repeats the last coordinates and zeroes the satellites.
    valid: timeOk && satellites > 0,
    latitude,
    longitude,
    altitude,
    course,
    satellites,
    speed,
    positionType: 'gps',
    attributes: messageOf(io.attributes, { priority, eventIo: eventId }),
  });
  if (alarms.length) {
    msg.alarm = alarms[0];
    msg.alarms = alarms;
  }
  return msg;
}

/** Widths of the IO block's fields per AVL codec. */
interface IoLayout {
  /** IO ids and the event id are 2 bytes. */
  wideIds: boolean;
  /** Counts are 2 bytes. */
  wideCounts: boolean;
  /** A generation type byte follows the event id (Codec 16). */
  generation: boolean;
  /** A fifth group of variable-length values (Codec 8 Extended). */
  variable: boolean;
}

const IO_LAYOUTS: Partial<Record<number, IoLayout>> = {
  [TELTONIKA_CODEC.codec8]: { wideIds: false, wideCounts: false, generation: false, variable: false },
  [TELTONIKA_CODEC.codec8e]: { wideIds: true, wideCounts: true, generation: false, variable: true },
  [TELTONIKA_CODEC.codec16]: { wideIds: true, wideCounts: false, generation: true, variable: false },
};

function readIo(r: ByteReader, layout: IoLayout): { eventId: number; elements: IoElement[] } {
  const id = () => (layout.wideIds ? r.u16() : r.u8());
  const word = () => (layout.wideCounts ? r.u16() : r.u8());
  const eventId = id();
  if (layout.generation) r.skip(1);
  const total = word();
  const elements: IoElement[] = [];
  for (const size of [1, 2, 4, 8]) {
    const n = word();
    for (let i = 0; i < n; i++) elements.push({ id: id(), value: r.bytes(size) });
  }
  if (layout.variable) {
    const n = r.u16();
    for (let i = 0; i < n; i++) {
      const id = r.u16();
      elements.push({ id, value: r.bytes(r.u16()) });
    }
  }
  if (elements.length !== total) throw new DecodeError(`IO count ${total} but ${elements.length} elements`);
  return { eventId, elements };
}
