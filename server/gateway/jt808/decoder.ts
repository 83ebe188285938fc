/**
 * JT/T 808 frame decoder (2011/2013/2019 headers). Covers the import protocols "808",
 * "808 long standby" and "BSJ 11-digit", which all speak this protocol.
 */
import {
  ByteReader,
  cleanText,
  guardDecode,
  type CodecSession,
  type DecodedMessage,
  type DecodeResult,
  type LocationMessage,
  type RegisterMessage,
} from '../codec';
import {
  encodeJt808GeneralReply,
  encodeJt808ShortReply,
  encodeJt808TimeReply,
  JT808_MSG as M,
  JT808_RESULT,
} from './encoder';
import { parseJt808Frame, type Jt808Frame, type Jt808Target } from './framing';
import { decodeGbk } from './gbk';
import { decodeJt808Location } from './location';
import { accelerationSamples, driverIdentity, heartbeat, terminalAttributes } from './status-messages';
import { addJt808Part } from './subpackage';
import { jt808DeviceId } from './terminal';
import { decodeJt808TextFrame, isJt808TextFrame } from './text-frames';
import { decodeJt808Transparent } from './transparent';
import { decodeJt808VendorLocation } from './vendor-location';

/** 808 terminals report local time, GMT+8 by default, unless the session says otherwise. */
export const JT808_DEFAULT_TZ_MINUTES = 480;

const RESULT_TEXT = ['Success', 'Failure', 'Bad message', 'Unsupported', 'Alarm confirmed'];

type Base = { protocol: 'jt808'; messageId: number; serial: number; checksumOk: boolean; deviceId: string };

const ascii = (b: Buffer) => cleanText(b.toString('latin1'));

function location(base: Base, body: Buffer, tz: number, now: Date, v2019 = false): LocationMessage {
  return asMessage(base, decodeJt808Location(body, tz, now, v2019));
}

function asMessage(base: Base, p: ReturnType<typeof decodeJt808Location>): LocationMessage {
  // Object.assign onto a copy of the base: spreading was the hot spot of the location path.
  const msg = Object.assign({}, base, p) as LocationMessage;
  msg.type = p.alarm ? 'alarm' : 'location';
  return msg;
}

/** 0x0704: count, type (1 = blind-area re-upload), then (length u16, 0x0200 body) items. */
function batch(base: Base, body: Buffer, tz: number, now: Date, v2019: boolean): LocationMessage[] {
  const r = new ByteReader(body);
  r.skip(2);
  const archived = r.u8() === 1;
  const out: LocationMessage[] = [];
  while (r.remaining >= 2) {
    const len = r.u16();
    if (len > r.remaining) break;
    const msg = location(base, r.bytes(len), tz, now, v2019);
    if (archived) msg.archived = true;
    out.push(msg);
  }
  return out;
}

/**
 * 0x0210: (length u8, 0x0200 body) items; a 7-byte body is instead a battery level and a BCD
 * time with no position (a wake-up report of long-standby firmware).
 */
function batch0210(base: Base, body: Buffer, tz: number, now: Date, v2019: boolean): DecodedMessage[] {
  if (body.length === 7) {
    const battery = body[0];
    return [{ ...base, type: 'status', ...(battery <= 100 ? { battery } : {}) }];
  }
  const r = new ByteReader(body);
  const out: LocationMessage[] = [];
  while (r.remaining >= 1) {
    const len = r.u8();
    if (len > r.remaining || len < 28) break;
    out.push(location(base, r.bytes(len), tz, now, v2019));
  }
  return out;
}

/** 0x0100: province, city, manufacturer, model, terminal id, plate colour, plate (GBK). */
function register(base: Base, f: Jt808Frame): RegisterMessage {
  const r = new ByteReader(f.body);
  r.skip(4);
  // Field widths: 2019 5/20/7 became 11/30/30; 2011 had an 8-byte model (37-byte minimum body in 2013).
  const [mfr, model, id] =
    f.header.version !== undefined ? [11, 30, 30] : f.body.length >= 37 ? [5, 20, 7] : [5, 8, 7];
  const msg: RegisterMessage = { ...base, type: 'register' };
  msg.manufacturer = ascii(r.bytes(mfr));
  msg.model = ascii(r.bytes(model));
  msg.terminalId = ascii(r.bytes(id));
  msg.plateColor = r.u8();
  msg.plate = cleanText(decodeGbk(r.rest()));
  return msg;
}

/** 0x0102: the auth code (2019: length-prefixed, then IMEI and software version). */
function auth(base: Base, f: Jt808Frame): DecodedMessage {
  if (f.header.version === undefined) return { ...base, type: 'auth', authCode: ascii(f.body) };
  const r = new ByteReader(f.body);
  const authCode = ascii(r.bytes(r.u8()));
  const imei = r.remaining >= 15 ? ascii(r.bytes(15)) : undefined;
  return { ...base, type: 'auth', authCode, imei };
}

/** 0x0001: the device's answer to a platform message; answers to commands are command replies. */
function terminalReply(base: Base, body: Buffer): DecodedMessage {
  const r = new ByteReader(body);
  const replySerial = r.u16();
  const replyId = r.u16();
  const result = r.u8();
  const type = replyId >= 0x8103 ? 'commandReply' : 'terminalReply';
  return { ...base, type, text: RESULT_TEXT[result] ?? `Result ${result}`, replySerial, replyId, result };
}

/** Text answers to commands: 0x6006 (encoding byte + GBK), 0x1300 (serial + UTF-16BE), 0x0701 (u32 length + ASCII). */
function textReply(base: Base, f: Jt808Frame): DecodedMessage {
  const r = new ByteReader(f.body);
  let text: string;
  let replySerial: number | undefined;
  if (f.header.messageId === M.textReport) {
    r.skip(1);
    text = decodeGbk(r.rest());
  } else if (f.header.messageId === M.textReply) {
    replySerial = r.u16();
    text = new TextDecoder('utf-16be').decode(r.rest());
  } else {
    const len = r.u32();
    text = r.bytes(Math.min(len, r.remaining)).toString('latin1');
  }
  return { ...base, type: 'commandReply', text: cleanText(text), replySerial };
}

/** The platform's next message serial on this connection: 0, 1, 2, … wrapping at 65535. */
export function nextJt808Serial(session: CodecSession): number {
  const serial = (session.nextSerial ?? 0) & 0xffff;
  session.nextSerial = (serial + 1) & 0xffff;
  return serial;
}

export function decodeJt808Frame(
  frame: Buffer,
  session: CodecSession = {},
  now: Date = new Date(),
): DecodeResult {
  return guardDecode(() => {
    if (isJt808TextFrame(frame)) return decodeJt808TextFrame(frame, session, now);
    const f = parseJt808Frame(frame);
    const h = f.header;
    const target: Jt808Target = { terminal: h.terminal, version: h.version };
    session.terminal = h.terminal;
    session.protocolVersion = h.version;
    const deviceId = jt808DeviceId(h.terminal);
    session.deviceId = deviceId;
    const base: Base = {
      protocol: 'jt808',
      messageId: h.messageId,
      serial: h.serial,
      checksumOk: f.checkOk,
      deviceId,
    };
    const tz = session.timezoneOffsetMinutes ?? JT808_DEFAULT_TZ_MINUTES;
    const ack = (result: number = JT808_RESULT.ok) =>
      encodeJt808GeneralReply(
        target,
        { serial: h.serial, messageId: h.messageId, result },
        nextJt808Serial(session),
      );
    const message = (frame: Jt808Frame) => decodeMessage(frame, { base, session, target, tz, now, ack });

    if (h.encryption & 0x01) return done([{ ...base, type: 'unknown', note: 'RSA-encrypted body' }], ack());
    if (h.subpackage) {
      const part = addJt808Part(
        session,
        {
          messageId: h.messageId,
          serial: h.serial,
          count: h.packageCount ?? 0,
          index: h.packageIndex ?? 0,
          body: f.body,
        },
        now.getTime(),
      );
      // Each part is answered (0x8001 per frame, as the standard asks); the whole message is
      // then decoded as if it had come in one frame, its answer acking the last part.
      if (part.kind === 'rejected') return done([{ ...base, type: 'unknown', note: part.reason }], ack());
      if (part.kind === 'partial') {
        const note = `sub-package ${h.packageIndex} of ${h.packageCount} (${part.received} held)`;
        return done([{ ...base, type: 'unknown', note }], ack());
      }
      return message({ ...f, body: part.body });
    }
    return message(f);
  });
}

type Ctx = {
  base: Base;
  session: CodecSession;
  target: Jt808Target;
  tz: number;
  now: Date;
  ack: (result?: number) => Buffer;
};

const done = (messages: DecodedMessage[], reply: Buffer | null): DecodeResult => ({ messages, reply });
const located = (messages: DecodedMessage[], reply: Buffer | null): DecodeResult => ({
  messages,
  reply,
  locationAck: true,
});

function decodeMessage(f: Jt808Frame, c: Ctx): DecodeResult {
  const { base, tz, now, ack, target, session } = c;
  const h = f.header;
  const v2019 = h.version !== undefined;
  switch (h.messageId) {
    // Whether a registration or a code is accepted depends on what the platform stored: the
    // gateway answers these two (server/gateway/runtime/jt808-handshake.ts).
    case M.register:
      return done([register(base, f)], null);
    case M.auth:
      return done([auth(base, f)], null);
    case M.heartbeat:
    case M.heartbeat2:
      return done([heartbeat(base, f.body)], ack());
    case M.acceleration:
      return done([accelerationSamples(base, f.body)], ack());
    case M.terminalAttributes:
      return done([terminalAttributes(base, f.body, h.version !== undefined)], ack());
    case M.driverIdentity:
      return done([driverIdentity(base, f.body)], ack());
    case M.unregister:
      return done([{ ...base, type: 'unregister' }], ack());
    case M.terminalReply:
      return done([terminalReply(base, f.body)], null);
    // The standard requires the 0x8001 answer to positions: on unless the model says off.
    case M.location:
      return located([location(base, f.body, tz, now, v2019)], ack());
    case M.locationQueryReply:
      return located([location(base, f.body.subarray(2), tz, now, v2019)], ack());
    case M.batchLocation:
      return located(batch(base, f.body, tz, now, v2019), ack());
    case M.batchLocation2: {
      const messages = batch0210(base, f.body, tz, now, v2019);
      return messages.some((m) => m.type !== 'status') ? located(messages, ack()) : done(messages, ack());
    }
    case M.vendorLocation:
    case M.vendorLocationBlind: {
      const p = decodeJt808VendorLocation(f.body, h.messageId === M.vendorLocationBlind, now);
      // Jointech answers only when the frame asks (properties bit 15), with 0x4401.
      const reply = h.replyWanted
        ? encodeJt808ShortReply(target, h.messageId, JT808_RESULT.ok, nextJt808Serial(session))
        : null;
      return located([asMessage(base, p)], reply);
    }
    case M.transparent: {
      const p = decodeJt808Transparent(f.body, tz, now);
      if (!p) {
        const note = `transparent data type 0x${(f.body[0] ?? 0).toString(16).padStart(2, '0')}`;
        return done([{ ...base, type: 'unknown', note }], ack());
      }
      return located([asMessage(base, p)], ack());
    }
    case M.timeSync:
      // 0x8109 carries the server's UTC time; the terminal sets its clock and answers nothing.
      return done(
        [{ ...base, type: 'timeRequest' }],
        encodeJt808TimeReply(target, now, nextJt808Serial(session)),
      );
    case M.textReport:
    case M.commandResponse:
      return done([textReply(base, f)], ack());
    case M.textReply:
      return done([textReply(base, f)], null);
    case M.upgradeResult:
      // 0x0108: upgrade type, result (0 success, 1 failure, 2 cancelled).
      if (f.body.length < 2) return done([{ ...base, type: 'unknown', note: 'short 0x0108' }], ack());
      return done([{ ...base, type: 'upgradeResult', upgradeType: f.body[0], result: f.body[1] }], ack());
    default: {
      // The standard answers any uplink without a dedicated reply with 0x8001; "ok" stops resends.
      const note = `unsupported message id 0x${h.messageId.toString(16).padStart(4, '0')}`;
      return done([{ ...base, type: 'unknown', note }], ack());
    }
  }
}
