/**
 * GT06 frame decoder: one frame in, messages and the reply out. Needs no login to decode a
 * location (the device id is then absent); a login in the same session fills it in later frames.
 * The body layouts live in the modules named below; this file picks one by protocol number and
 * variant (variant.ts) and chooses the reply.
 */
import {
  ByteReader,
  cleanText,
  DecodeError,
  guardDecode,
  type CodecSession,
  type DecodedMessage,
  type DecodeResult,
} from '../codec';
import { encodeGt06Ack, encodeGt06AddressReply, encodeGt06TimeReply } from './encoder';
import { decodeDeviceStatus, decodeObd, decodeSerialData } from './device-status';
import { decodeAz735, decodeEvent95 } from './events';
import { parseGt06Frame, type Gt06Frame } from './framing';
import { decodeLbsWifiPacket, isLbsWifiPacket } from './lbs-wifi';
import { decodeBlockPacket, isBlockPacket } from './location';
import { toLocation, type Base, type Gt06Context } from './message';
import { parseGt06PositionText } from './text-position';
import {
  decodeGk310Heartbeat,
  decodeLongStatus,
  decodeModelLocation,
  decodeSeeworldStatus,
  isModelLocation,
} from './model-packets';
import { decodeInfo, decodeModular } from './modular';
import { GT06_PROTOCOL as P } from './numbers';
import { gt06Variant } from './variant';

/**
 * Packets whose firmware resends until acked: alarms and status-bearing locations. The plain
 * location and LBS packets get their ack only when the device's model asks for it.
 */
const ACKED_BY_DEFAULT = new Set<number>([
  P.alarm,
  P.lbsStatus,
  P.alarm2,
  P.alarm3,
  P.alarm4,
  P.alarmModule,
  P.wifi3,
  P.fenceMulti,
  P.lbsAlarm,
  P.wifiAlarm,
  P.alarm95,
  P.modular,
]);

/** 0x15: command length, server flag, ASCII text, and sometimes a language word. */
function decodeString(f: Gt06Frame): string {
  const b = f.body;
  if (b.length < 5) throw new DecodeError('GT06 string reply too short');
  const declared = b[0];
  // Some firmware leaves the command length at 0; then the text runs to the end of the body.
  const end = declared >= 4 && 1 + declared <= b.length ? 1 + declared : b.length;
  return cleanText(b.subarray(5, end).toString('latin1'));
}

/** 0x21: server flag, encoding (1 ASCII, otherwise UTF-16BE), text. */
function decodeStringInfo(f: Gt06Frame): string {
  const b = f.body;
  if (b.length < 5) throw new DecodeError('GT06 string info too short');
  const data = b.subarray(5);
  const text = b[4] === 1 ? data.toString('latin1') : new TextDecoder('utf-16be').decode(data);
  return cleanText(text);
}

/** 0x01: 8-byte BCD IMEI with a leading 0 nibble, type id, and an optional time-zone word. */
function decodeLogin(f: Gt06Frame, base: Base, session: CodecSession): DecodedMessage {
  // A login cut short (no serial and CRC after the IMEI) still names the device.
  const r = new ByteReader(f.body.length >= 8 ? f.body : f.payload);
  const imei = r.bytes(8).toString('hex').slice(1);
  if (!/^\d{15}$/.test(imei)) throw new DecodeError(`GT06 login IMEI is not BCD: ${imei}`);
  let timezoneOffsetMinutes: number | undefined;
  if (r.remaining >= 4) {
    r.skip(2); // type identification code
    const ext = r.u16();
    const hhmm = ext >> 4; // e.g. 800 for GMT+8:00
    const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
    timezoneOffsetMinutes = ext & 0x08 ? -minutes : minutes; // bit 3: west of Greenwich
  }
  session.deviceId = imei;
  if (timezoneOffsetMinutes !== undefined) session.timezoneOffsetMinutes = timezoneOffsetMinutes;
  return { ...base, type: 'login', deviceId: imei, timezoneOffsetMinutes };
}

/** An ICCID the device reports as `<ICCID:...>` text in a 0x15 packet. */
const ICCID_TEXT = /^<ICCID:(\d{19,20})/;

function decodeByNumber(ctx: Gt06Context, session: CodecSession): DecodeResult {
  const { f, base, now } = ctx;
  const ack = () => encodeGt06Ack(f.protocol, f.serial);
  const position = (message: DecodedMessage): DecodeResult => ({
    messages: [message],
    reply: ack(),
    locationAck: ACKED_BY_DEFAULT.has(f.protocol),
  });
  switch (f.protocol) {
    case P.login:
      return { messages: [decodeLogin(f, base, session)], reply: ack() };
    case P.timeRequest:
      return { messages: [{ ...base, type: 'timeRequest' }], reply: encodeGt06TimeReply(f.serial, now) };
    case P.string: {
      const text = decodeString(f);
      const iccid = ICCID_TEXT.exec(text)?.[1];
      if (iccid) return { messages: [{ ...base, type: 'status', iccid }], reply: null };
      return { messages: [{ ...base, type: 'commandReply', text }], reply: null };
    }
    case P.stringInfo: {
      const text = decodeStringInfo(f);
      const reply: DecodedMessage = { ...base, type: 'commandReply', text };
      // The answer to WHERE carries a position: it is stored as one too.
      const fix = parseGt06PositionText(text, ctx.tz);
      return { messages: fix ? [reply, toLocation(ctx, fix, {})] : [reply], reply: null };
    }
    case P.info:
      return { messages: [decodeInfo(ctx, base)], reply: null };
    case P.heartbeat:
      return { messages: [decodeGk310Heartbeat(ctx)], reply: ack() };
    case P.alarm95:
      return position(decodeEvent95(ctx));
    case P.modular:
      return position(decodeModular(ctx));
    case P.obd:
      return { messages: [decodeObd(ctx)], reply: ack() };
    case P.deviceStatus:
      return { messages: [decodeDeviceStatus(ctx)], reply: ack() };
    case P.serialData:
      return { messages: [decodeSerialData(ctx)], reply: ack() };
    case P.addressRequest:
      // We geocode on the platform, not for the device: the answer says "no address".
      return {
        messages: [{ ...base, type: 'unknown', note: 'address request' }],
        reply: encodeGt06AddressReply(),
      };
  }
  if (f.extended && (f.protocol === P.alarm4 || f.protocol === P.wifi5))
    return {
      messages: [decodeAz735(ctx)],
      reply: encodeGt06Ack(f.protocol, f.serial, true),
      locationAck: true,
    };
  if (f.protocol === P.status && f.body.length === 16)
    return { messages: [decodeLongStatus(ctx)], reply: ack() };
  if (f.protocol === P.fenceSingle && ctx.variant === 'seeworld' && ctx.length === 0x18)
    return { messages: [decodeSeeworldStatus(ctx)], reply: ack() };
  // A position packet without any data (78 78 05 12 <serial> <crc>): nothing to store.
  if (f.body.length === 0) {
    const note = `protocol number 0x${f.protocol.toString(16).padStart(2, '0')} without data`;
    return { messages: [{ ...base, type: 'unknown', note }], reply: f.payload.length >= 4 ? ack() : null };
  }
  if (isModelLocation(ctx)) return position(decodeModelLocation(ctx));
  if (isLbsWifiPacket(ctx)) {
    const { message, reply } = decodeLbsWifiPacket(ctx);
    // The older Wi-Fi packets expect their own answer; the others an ack the model may ask for.
    if (reply) return { messages: [message], reply, locationAck: true };
    return position(message);
  }
  if (isBlockPacket(ctx)) {
    const message = decodeBlockPacket(ctx);
    if (message.type === 'heartbeat') return { messages: [message], reply: ack() };
    return position(message);
  }
  const note = `unsupported protocol number 0x${f.protocol.toString(16).padStart(2, '0')}`;
  // Unknown packets of the short form are acked as other decoders do, so firmware stops resending;
  // 0x80-0x82 are our own command numbers echoed back, and the 7979 form has its own replies.
  const acked = !f.extended && (f.protocol < 0x80 || f.protocol > 0x82);
  return { messages: [{ ...base, type: 'unknown', note }], reply: acked ? ack() : null };
}

export function decodeGt06Frame(
  frame: Buffer,
  session: CodecSession = {},
  now: Date = new Date(),
): DecodeResult {
  return guardDecode(() => {
    const f = parseGt06Frame(frame);
    const base: Base = { protocol: 'gt06', messageId: f.protocol, serial: f.serial, checksumOk: f.crcOk };
    if (session.deviceId) base.deviceId = session.deviceId;
    const length = f.extended ? frame.readUInt16BE(2) : frame[2];
    const ctx: Gt06Context = {
      frame,
      f,
      variant: gt06Variant(f.extended, f.protocol, length, f.body),
      length,
      base,
      tz: session.timezoneOffsetMinutes ?? 0, // GT06 devices report UTC unless told otherwise
      now,
    };
    return decodeByNumber(ctx, session);
  });
}
