import { buildGt06Packet } from '../gateway/gt06';

/**
 * Frames a GT06 tracker sends, for the simulator and tests. The layouts are those the
 * decoder reads (docs/protocols.md): times in UTC, coordinates × 1,800,000.
 */
export interface Fix {
  time: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  valid?: boolean;
  satellites?: number;
}

const bcdImei = (imei: string) => Buffer.from(imei.padStart(16, '0'), 'hex');

export const gt06Login = (imei: string, serial: number) => buildGt06Packet(0x01, bcdImei(imei), serial);

export function gpsBlock(f: Fix): Buffer {
  const b = Buffer.alloc(18);
  const t = f.time;
  b.writeUInt8(t.getUTCFullYear() % 100, 0);
  b.writeUInt8(t.getUTCMonth() + 1, 1);
  b.writeUInt8(t.getUTCDate(), 2);
  b.writeUInt8(t.getUTCHours(), 3);
  b.writeUInt8(t.getUTCMinutes(), 4);
  b.writeUInt8(t.getUTCSeconds(), 5);
  b.writeUInt8((12 << 4) | Math.min(15, f.satellites ?? 9), 6);
  b.writeUInt32BE(Math.round(Math.abs(f.lat) * 1_800_000), 7);
  b.writeUInt32BE(Math.round(Math.abs(f.lon) * 1_800_000), 11);
  b.writeUInt8(Math.max(0, Math.min(255, Math.round(f.speed))), 15);
  // bit 12 fixed, bit 10 north, bit 11 west; bits 0-9 course.
  const flags =
    (f.valid === false ? 0 : 1 << 12) |
    (f.lat >= 0 ? 1 << 10 : 0) |
    (f.lon < 0 ? 1 << 11 : 0) |
    (Math.round(f.course) % 360);
  b.writeUInt16BE(flags, 16);
  return b;
}

/** MCC 460 (China), MNC 0, a LAC and a cell id. */
const LBS = Buffer.from([0x01, 0xcc, 0x00, 0x28, 0x7d, 0x00, 0x1f, 0xb8]);

export const gt06Location = (f: Fix, serial: number) =>
  buildGt06Packet(0x12, Buffer.concat([gpsBlock(f), LBS]), serial);

/** Heartbeat 0x13: terminal info (ACC bit 1, charging bit 2, GPS bit 6), voltage level 0-6, GSM 0-4. */
export function gt06Heartbeat(
  s: { acc: boolean; charging?: boolean; voltageLevel: number; gsm?: number },
  serial: number,
) {
  const info = (s.acc ? 0x02 : 0) | (s.charging ? 0x04 : 0) | 0x40;
  return buildGt06Packet(0x13, Buffer.from([info, s.voltageLevel, s.gsm ?? 4, 0x00, 0x02]), serial);
}

/** Alarm 0x16: GPS block, LBS with length byte, terminal info, voltage, GSM, alarm code, language. */
export function gt06Alarm(f: Fix, alarmCode: number, serial: number) {
  const lbs = Buffer.concat([Buffer.from([0x09]), LBS]);
  const status = Buffer.from([0x42, 0x04, 0x04, alarmCode, 0x02]);
  return buildGt06Packet(0x16, Buffer.concat([gpsBlock(f), lbs, status]), serial);
}

/** 0x15 reply to a 0x80 command: length, the server flag echoed, ASCII text, language word. */
export function gt06CommandReply(serverFlag: number, text: string, serial: number) {
  const t = Buffer.from(text, 'latin1');
  const body = Buffer.alloc(1 + 4 + t.length + 2);
  body.writeUInt8(4 + t.length, 0);
  body.writeUInt32BE(serverFlag >>> 0, 1);
  t.copy(body, 5);
  body.writeUInt16BE(0x0002, 5 + t.length);
  return buildGt06Packet(0x15, body, serial);
}

/** The server flag and text of a 0x80 command frame (starting 78 78 or 79 79). */
export function parseGt06Command(frame: Buffer): { serverFlag: number; text: string } | null {
  const extended = frame[0] === 0x79;
  const at = extended ? 4 : 3;
  if (frame[at] !== 0x80) return null;
  const len = frame[at + 1];
  const serverFlag = frame.readUInt32BE(at + 2);
  const text = frame.subarray(at + 6, at + 2 + len).toString('latin1');
  return { serverFlag, text };
}

/** A 4G serving cell: MCC 460 with a two-byte MNC flag off, MNC 0, a four-byte LAC, an eight-byte cell id. */
function cell4g(): Buffer {
  const b = Buffer.alloc(15);
  b.writeUInt16BE(460, 0);
  b.writeUInt8(0, 2);
  b.writeUInt32BE(0x2866, 3);
  b.writeUInt32BE(0x1, 7); // cell id high word: an NR cell id above 32 bits
  b.writeUInt32BE(0x0a0b0c0d, 11);
  return b;
}

/**
 * 0xA0, the 4G location of JM-VL03 and GK310 firmware: GPS block, 4G cell, then ACC, upload
 * mode, re-upload flag and the odometer in metres.
 */
export function gt06Location4g(f: Fix, s: { acc: boolean; mileageKm: number }, serial: number) {
  const tail = Buffer.alloc(7);
  tail.writeUInt8(s.acc ? 1 : 0, 0);
  tail.writeUInt8(0, 1); // upload mode: timed
  tail.writeUInt8(0, 2); // real time, not re-uploaded
  tail.writeUInt32BE(Math.round(s.mileageKm * 1000) >>> 0, 3);
  return buildGt06Packet(0xa0, Buffer.concat([gpsBlock(f), cell4g(), tail]), serial);
}

/**
 * 0xA4, the 4G alarm with a fence number (JM-LL301): GPS block, a length-prefixed 4G cell,
 * terminal info, voltage level, GSM, the alarm code, language, fence number.
 */
export function gt06Alarm4g(f: Fix, alarmCode: number, serial: number) {
  const cell = Buffer.concat([Buffer.from([16]), cell4g()]);
  const status = Buffer.from([0x46, 0x05, 0x04, alarmCode & 0xff, 0x02 | ((alarmCode >> 8) << 4), 0x01]);
  return buildGt06Packet(0xa4, Buffer.concat([gpsBlock(f), cell, status]), serial);
}
