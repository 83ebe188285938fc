/**
 * JT/T 808 platform messages: general reply 0x8001, register reply 0x8100, text command 0x8300,
 * time reply 0x8109, Jointech's short reply 0x4401.
 */
import { buildJt808Frame, type Jt808Target } from './framing';
import { encodeGbk } from './gbk';

export const JT808_MSG = {
  terminalReply: 0x0001,
  heartbeat: 0x0002,
  unregister: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  location: 0x0200,
  locationQueryReply: 0x0201,
  commandResponse: 0x0701,
  batchLocation: 0x0704,
  textReply: 0x1300,
  textReport: 0x6006,
  generalReply: 0x8001,
  registerReply: 0x8100,
  textCommand: 0x8300,
  upgradeResult: 0x0108,
  upgradePackage: 0x8108,
  timeSync: 0x0109,
  /** A second heartbeat id some firmware uses. */
  heartbeat2: 0x0506,
  /** Vendor acceleration samples. */
  acceleration: 0x2070,
  terminalAttributes: 0x0107,
  driverIdentity: 0x0702,
  timeSyncReply: 0x8109,
  batchLocation2: 0x0210,
  transparent: 0x0900,
  vendorLocation: 0x5501,
  vendorLocationBlind: 0x5502,
  shortReply: 0x4401,
} as const;

/** Result codes of 0x8001 and 0x0001. */
export const JT808_RESULT = { ok: 0, failure: 1, badMessage: 2, unsupported: 3, alarmConfirmed: 4 } as const;

export function encodeJt808GeneralReply(
  target: Jt808Target,
  reply: { serial: number; messageId: number; result?: number },
  serial = 0,
): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(reply.serial & 0xffff, 0);
  body.writeUInt16BE(reply.messageId & 0xffff, 2);
  body[4] = reply.result ?? JT808_RESULT.ok;
  return buildJt808Frame(JT808_MSG.generalReply, body, target, serial);
}

/**
 * 0x8109, the answer to a time request 0x0109: UTC year (u16), month, day, hour, minute,
 * second, then a result byte (0). The layout Traccar answers with; the terminals that ask use
 * it to set their clock.
 */
export function encodeJt808TimeReply(target: Jt808Target, now: Date, serial = 0): Buffer {
  const body = Buffer.alloc(8);
  body.writeUInt16BE(now.getUTCFullYear(), 0);
  body[2] = now.getUTCMonth() + 1;
  body[3] = now.getUTCDate();
  body[4] = now.getUTCHours();
  body[5] = now.getUTCMinutes();
  body[6] = now.getUTCSeconds();
  body[7] = JT808_RESULT.ok;
  return buildJt808Frame(JT808_MSG.timeSyncReply, body, target, serial);
}

/** 0x4401, Jointech's answer to 0x5501/0x5502: the answered message id and a result (1-byte serial). */
export function encodeJt808ShortReply(
  target: Jt808Target,
  messageId: number,
  result = 0,
  serial = 0,
): Buffer {
  const body = Buffer.alloc(3);
  body.writeUInt16BE(messageId & 0xffff, 0);
  body[2] = result;
  return buildJt808Frame(JT808_MSG.shortReply, body, target, serial);
}

/** 0x8100: the register request's serial, result (0 success) and, on success, the auth code. */
export function encodeJt808RegisterReply(
  target: Jt808Target,
  reply: { serial: number; result?: number; authCode: string },
  serial = 0,
): Buffer {
  const result = reply.result ?? 0;
  const code = result === 0 ? Buffer.from(reply.authCode, 'latin1') : Buffer.alloc(0);
  const body = Buffer.alloc(3 + code.length);
  body.writeUInt16BE(reply.serial & 0xffff, 0);
  body[2] = result;
  code.copy(body, 3);
  return buildJt808Frame(JT808_MSG.registerReply, body, target, serial);
}

/**
 * 0x8300 text message: a flag byte then GBK text. Flag 0x01 is what BSJ/C5 terminals take as a
 * command; standard terminals read bit 0 emergency, bit 2 display, bit 3 text-to-speech.
 */
export function encodeJt808TextCommand(
  target: Jt808Target,
  text: string,
  options: { flag?: number; serial?: number } = {},
): Buffer {
  const body = Buffer.concat([Buffer.of((options.flag ?? 0x01) & 0xff), encodeGbk(text)]);
  return buildJt808Frame(JT808_MSG.textCommand, body, target, options.serial ?? 0);
}

/**
 * 0x8108 terminal upgrade package body: upgrade type, manufacturer id (5 bytes), version length
 * and version, package length (u32) and the package. A long one goes out in sub-packages:
 * slices of this body, each in a frame with the sub-package header (splitJt808Body).
 */
export function encodeJt808UpgradeBody(p: {
  type: number;
  manufacturer: string;
  version: string;
  data: Uint8Array;
}): Buffer {
  const maker = Buffer.alloc(5, 0);
  Buffer.from(p.manufacturer, 'latin1').copy(maker, 0, 0, 5);
  const version = encodeGbk(p.version);
  const head = Buffer.alloc(1 + 5 + 1 + version.length + 4);
  head[0] = p.type & 0xff;
  maker.copy(head, 1);
  head[6] = version.length & 0xff;
  version.copy(head, 7);
  head.writeUInt32BE(p.data.length, 7 + version.length);
  return Buffer.concat([head, p.data]);
}

/** Reads a whole (reassembled) 0x8108 body; null when it is short of its stated length. */
export function decodeJt808UpgradeBody(
  body: Buffer,
): { type: number; manufacturer: string; version: string; data: Buffer } | null {
  if (body.length < 11) return null;
  const vlen = body[6];
  if (body.length < 11 + vlen) return null;
  const size = body.readUInt32BE(7 + vlen);
  const data = body.subarray(11 + vlen);
  if (data.length !== size) return null;
  return {
    type: body[0],
    manufacturer: body.subarray(1, 6).toString('latin1').replace(/\0+$/, ''),
    version: body.subarray(7, 7 + vlen).toString('latin1'),
    data,
  };
}

/** Slices a message body into sub-package bodies of at most `size` bytes (at least one). */
export function splitJt808Body(body: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) out.push(body.subarray(at, at + size));
  return out.length ? out : [body];
}
