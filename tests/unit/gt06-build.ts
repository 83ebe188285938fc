/**
 * Builders of GT06 test bodies from the layouts of the Concox protocol documents, so the
 * gt06-*.test.ts files state each field they send instead of pasting captured frames.
 */
import { buildGt06Packet } from '../../server/gateway/gt06';
import { gpsBlock, type Fix } from '../../server/sim/gt06-frames';

export const NOW = new Date('2026-03-04T05:06:07Z');
export const FIX: Fix = {
  time: new Date('2026-03-04T05:00:00Z'),
  lat: 22.5431,
  lon: 114.0579,
  speed: 42,
  course: 123,
};

export const gps = (f: Partial<Fix> = {}) => gpsBlock({ ...FIX, ...f });

/** Course word with the ACC bits 14-15 of 4G firmware set on a GPS block. */
export function withAcc(block: Buffer, acc: boolean): Buffer {
  const b = Buffer.from(block);
  b.writeUInt16BE(b.readUInt16BE(16) | 0x4000 | (acc ? 0x8000 : 0), 16);
  return b;
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** 2G cell: MCC, MNC (1 byte), LAC (2), cell id (3). */
export const cell2g = (mcc: number, mnc: number, lac: number, cid: number) =>
  Buffer.concat([u16(mcc), Buffer.from([mnc]), u16(lac), u24(cid)]);

/** 4G cell: MCC, MNC (1 byte), LAC (4), cell id (8). */
export const cell4g = (mcc: number, mnc: number, lac: number, cid: number) =>
  Buffer.concat([u16(mcc), Buffer.from([mnc]), u32(lac), u32(Math.floor(cid / 2 ** 32)), u32(cid % 2 ** 32)]);

/** Info byte, voltage level, GSM level, alarm code, language. */
export const statusBytes = (info: number, voltage: number, gsm: number, alarm: number, language = 0x02) =>
  Buffer.from([info, voltage, gsm, alarm, language]);

export const bytes = (...parts: (Buffer | number[])[]) =>
  Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))));

export const packet = (protocol: number, body: Buffer, serial = 1, extended = false) =>
  buildGt06Packet(protocol, body, serial, extended);

/** BCD of a two-digit number, for the Wi-Fi packets' time. */
export const bcd = (n: number) => parseInt(String(n).padStart(2, '0'), 16);

/** YY MM DD hh mm ss of a UTC time. */
export const dateBytes = (t: Date) =>
  Buffer.from([
    t.getUTCFullYear() % 100,
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
  ]);
