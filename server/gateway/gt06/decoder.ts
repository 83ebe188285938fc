/**
 * GT06 frame decoder: one frame in, messages and the ack out. Needs no login to decode a
 * location (the device id is then absent); a login in the same session fills it in later frames.
 */
import {
  ByteReader,
  cleanText,
  DecodeError,
  deviceTime,
  guardDecode,
  type CodecSession,
  type DecodedMessage,
  type DecodeResult,
  type DeviceStatus,
  type HeartbeatMessage,
  type LocationMessage,
  type PositionFix,
} from '../codec';
import { encodeGt06Ack, encodeGt06TimeReply, GT06_PROTOCOL as P } from './encoder';
import { parseGt06Frame, type Gt06Frame } from './framing';
import { decodeGt06Status } from './status';

type Base = { protocol: 'gt06'; messageId: number; serial: number; checksumOk: boolean; deviceId?: string };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Date, satellites, coordinates (1/1,800,000 degree), speed and the course/status word. */
function readGps(r: ByteReader, offsetMinutes: number, now: Date): PositionFix {
  const [y, mo, d, h, mi, s] = r.bytes(6);
  const satellites = r.u8() & 0x0f;
  let latitude = r.u32() / 1_800_000;
  let longitude = r.u32() / 1_800_000;
  const speed = r.u8();
  const flags = r.u16();
  if ((flags & 0x0400) === 0) latitude = -latitude; // bit 10 set means north
  if ((flags & 0x0800) !== 0) longitude = -longitude; // bit 11 set means west
  const time = deviceTime(2000 + y, mo, d, h, mi, s, offsetMinutes);
  return {
    time: time ?? now,
    valid: time !== null && (flags & 0x1000) !== 0,
    latitude: round6(latitude),
    longitude: round6(longitude),
    speed,
    course: flags & 0x03ff,
    satellites,
    positionType: 'gps',
  };
}

/** Cell data (MCC, MNC, LAC, cell id); a set MCC bit 15 announces a two-byte MNC. */
function skipLbs(r: ByteReader): void {
  const mcc = r.u16();
  r.skip(mcc & 0x8000 ? 2 : 1);
  r.skip(2 + 3);
}

function location(base: Base, fix: PositionFix, status: DeviceStatus = {}): LocationMessage {
  // Object.assign onto the fresh base: spreading three objects was the decoder's hot spot.
  const msg = Object.assign(base, fix, status) as LocationMessage;
  msg.type = status.alarm ? 'alarm' : 'location';
  return msg;
}

function decodePosition(f: Gt06Frame, base: Base, tz: number, now: Date): LocationMessage {
  const r = new ByteReader(f.body);
  const fix = readGps(r, tz, now);
  const status: DeviceStatus = {};
  if ((f.protocol === P.gpsLbs || f.protocol === P.gpsLbs2) && r.remaining >= 8) {
    skipLbs(r);
    // Optional tail, told apart by its size: ACC, upload mode, re-upload flag, then mileage.
    if (r.remaining === 3 || r.remaining === 7) {
      status.acc = r.u8() > 0;
      r.skip(1);
      fix.archived = r.u8() > 0;
    }
    if (r.remaining === 4) fix.mileage = r.u32() / 1000;
  }
  return location(base, fix, status);
}

/**
 * 0x16/0x26: GPS, LBS with a length byte, then info, voltage, GSM, alarm and language bytes.
 * Vendors disagree on whether the LBS length counts itself and on 3- or 4-byte cell ids, so
 * the five status bytes are read from the end of the body instead of after the LBS block.
 */
function decodeAlarmPacket(f: Gt06Frame, base: Base, tz: number, now: Date): LocationMessage {
  const r = new ByteReader(f.body);
  const fix = readGps(r, tz, now);
  if (r.remaining < 5) return location(base, fix);
  const tail = new ByteReader(f.body, f.body.length - 5);
  const status = decodeGt06Status({ info: tail.u8(), voltage: tail.u8(), gsm: tail.u8(), alarm: tail.u8() });
  return location(base, fix, status);
}

/** 0x13: info byte, voltage level, GSM signal, then alarm and language bytes. */
function decodeHeartbeat(f: Gt06Frame, base: Base): HeartbeatMessage {
  const b = f.body;
  if (b.length < 1) throw new DecodeError('GT06 heartbeat without terminal information');
  // Longer bodies are model-specific layouts; only the leading info byte is shared by all.
  const standard = b.length <= 6;
  const status = decodeGt06Status({
    info: b[0],
    voltage: standard && b.length > 1 ? b[1] : undefined,
    gsm: standard && b.length > 2 ? b[2] : undefined,
    alarm: standard && b.length > 3 ? b[3] : undefined,
  });
  return { ...base, ...status, type: 'heartbeat' };
}

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

/** 0x94 information transfer: sub-types 0x00/0x0B external voltage, 0x0A IMEI/IMSI/ICCID. */
function decodeInfo(f: Gt06Frame, base: Base): HeartbeatMessage {
  const r = new ByteReader(f.body);
  const sub = r.u8();
  const msg: HeartbeatMessage = { ...base, type: 'status' };
  // Sub-type 0x0B carries the voltage too when it is two bytes long (one byte: network type).
  if ((sub === 0x00 && r.remaining >= 2) || (sub === 0x0b && r.remaining === 2))
    msg.externalVoltage = r.u16() / 100;
  if (sub === 0x0a && r.remaining >= 26) {
    r.skip(16);
    msg.iccid = r.bytes(10).toString('hex').replace(/f+$/, '');
  }
  return msg;
}

/** 0x01: 8-byte BCD IMEI with a leading 0 nibble, type id, and an optional time-zone word. */
function decodeLogin(f: Gt06Frame, base: Base, session: CodecSession): DecodedMessage {
  const r = new ByteReader(f.body);
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

export function decodeGt06Frame(
  frame: Buffer,
  session: CodecSession = {},
  now: Date = new Date(),
): DecodeResult {
  return guardDecode(() => {
    const f = parseGt06Frame(frame);
    const base: Base = { protocol: 'gt06', messageId: f.protocol, serial: f.serial, checksumOk: f.crcOk };
    if (session.deviceId) base.deviceId = session.deviceId;
    const tz = session.timezoneOffsetMinutes ?? 0; // GT06 devices report UTC unless told otherwise
    const ack = () => encodeGt06Ack(f.protocol, f.serial);
    switch (f.protocol) {
      case P.login:
        return { messages: [decodeLogin(f, base, session)], reply: ack() };
      case P.gps:
      case P.gpsLbs6:
      case P.gpsLbs:
      case P.gpsLbs2:
        // Most firmware expects no ack for plain locations; some clones resend without one.
        return { messages: [decodePosition(f, base, tz, now)], reply: ack(), locationAck: false };
      case P.alarm:
      case P.alarm2:
        // Alarm packets are resent until acked.
        return { messages: [decodeAlarmPacket(f, base, tz, now)], reply: ack(), locationAck: true };
      case P.status:
        return { messages: [decodeHeartbeat(f, base)], reply: ack() };
      case P.string:
        return { messages: [{ ...base, type: 'commandReply', text: decodeString(f) }], reply: null };
      case P.stringInfo:
        return { messages: [{ ...base, type: 'commandReply', text: decodeStringInfo(f) }], reply: null };
      case P.timeRequest:
        return { messages: [{ ...base, type: 'timeRequest' }], reply: encodeGt06TimeReply(f.serial, now) };
      case P.info:
        return { messages: [decodeInfo(f, base)], reply: null };
      default: {
        const note = `unsupported protocol number 0x${f.protocol.toString(16).padStart(2, '0')}`;
        return { messages: [{ ...base, type: 'unknown', note }], reply: null };
      }
    }
  });
}
