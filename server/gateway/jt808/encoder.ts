/** JT/T 808 platform messages: general reply 0x8001, register reply 0x8100, text command 0x8300. */
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
