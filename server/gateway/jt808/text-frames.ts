/**
 * Jointech e-locks (JT701/JT709) send ASCII frames `(id,1,001,WORD,n,data)` on their JT/T 808
 * connection, between the 7E frames: `BASE,2,TIME` asks for the time (answered with the same
 * text, TIME replaced by the UTC yyyyMMddHHmmss), anything else answers a command. The facts come
 * from Jointech's protocol and Traccar's Jt808 decoder and test frames.
 */
import type { CodecSession, DecodeResult } from '../codec';
import { jt808DeviceId } from './terminal';

/** Text frames are short lines of printable ASCII. */
export const JT808_TEXT_MAX = 1024;

const OPEN = 0x28; // '('
const CLOSE = 0x29; // ')'

const printable = (b: number) => b >= 0x20 && b < 0x7f;

/** Where the text frame at the head of `buf` ends (after ')'), 0 when more bytes are needed, -1 when it is none. */
export function scanJt808Text(buf: Buffer): number {
  if (buf[0] !== OPEN) return -1;
  for (let i = 1; i < buf.length && i < JT808_TEXT_MAX; i++) {
    if (buf[i] === CLOSE) return i + 1;
    if (!printable(buf[i])) return -1;
  }
  return buf.length >= JT808_TEXT_MAX ? -1 : 0;
}

/** A Jointech text frame by its start, `(id,1,001,WORD,`: the decoder page's protocol guess. */
const TEXT_START = /^\(\d{6,20},\d{1,3},\d{3},[A-Z0-9]{1,12},/;

export function looksLikeJt808Text(frame: Buffer): boolean {
  return frame[0] === OPEN && TEXT_START.test(frame.subarray(0, 48).toString('latin1'));
}

export function isJt808TextFrame(frame: Buffer): boolean {
  return frame.length >= 2 && frame[0] === OPEN && frame[frame.length - 1] === CLOSE;
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export function decodeJt808TextFrame(frame: Buffer, session: CodecSession, now: Date): DecodeResult {
  const text = frame.toString('latin1');
  if (!/^\([\x20-\x7e]*\)$/.test(text)) return { messages: [], reply: null, error: 'JT/T 808 text frame is not ASCII' };
  // The device id: the connection's 808 terminal, else the frame's first field (the lock's id).
  const deviceId = session.terminal ? jt808DeviceId(session.terminal) : /^\((\d+),/.exec(text)?.[1];
  const base = { protocol: 'jt808' as const, messageId: 0, serial: 0, checksumOk: true, ...(deviceId ? { deviceId } : {}) };
  if (text.includes('BASE,2'))
    return {
      messages: [{ ...base, type: 'timeRequest' }],
      reply: Buffer.from(text.replace('TIME', utcStamp(now)), 'latin1'),
    };
  return { messages: [{ ...base, type: 'commandReply', text }], reply: null };
}
