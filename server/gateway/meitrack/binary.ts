/**
 * Meitrack binary record batches, all values little-endian:
 *
 * - CCC (MVT/T1/T3/T622 "data compression format"): protocol version u16, record length u16,
 *   records left in the device's cache u32, then fixed 52-byte records (ccc.ts layout below).
 *   The platform confirms with `@@...,CCC,<count>` echoing the packet's data identifier, and
 *   the device then deletes the confirmed records (T622 GPRS Protocol, "CCC").
 * - CCE (T366/T399/T333 and later): records left u32, record count u16, then per record its
 *   length u16, index u16 and four parameter groups of 1, 2, 4 and variable-size values,
 *   each `count u8` then `id value` pairs; ids starting 0xFE take two bytes (cce-params.ts).
 *   No confirmation is sent, as Traccar sends none.
 *
 * Times are seconds since 2000-01-01 UTC; coordinates are signed micro-degrees.
 */
import {
  ByteReader,
  messageOf,
  type DecodeResult,
  type DecodedMessage,
  type LocationMessage,
} from '../codec';
import { applyCceParams, readCceGroups } from './cce-params';
import type { MeitrackPacket } from './decoder';
import { eventAlarm } from './events';
import { buildMeitrackPacket } from './framing';
import { recordTime } from './record-time';

type Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId'>;

/** The fixed CCC record (the layout whose header says 52 bytes, as Traccar reads it). */
export const CCC_RECORD_SIZE = 52;
const CCE_HEAD = 6;

export function decodeBinaryRecords(packet: MeitrackPacket, base: Base, now: Date): DecodeResult {
  return packet.command === 'CCC' ? decodeCcc(packet, base, now) : decodeCce(packet, base, now);
}

function decodeCcc(packet: MeitrackPacket, base: Base, now: Date): DecodeResult {
  const r = new ByteReader(packet.data);
  const version = le16(r);
  const size = le16(r);
  const left = le32(r);
  // Other layouts (T622's CCB-customised 0x0501 records) are not decoded, and not acked either,
  // so the device keeps them.
  if (size !== CCC_RECORD_SIZE) {
    const note = `CCC version 0x${version.toString(16)} records of ${size} bytes not decoded`;
    return { messages: [{ ...base, type: 'unknown', note }], reply: null };
  }
  const messages: DecodedMessage[] = [];
  while (r.remaining >= CCC_RECORD_SIZE) {
    const record = new ByteReader(r.bytes(CCC_RECORD_SIZE));
    messages.push(cccRecord(record, { ...base, serial: messages.length }, now, left));
  }
  if (r.remaining > 0 && messages.length === 0)
    return { messages: [], reply: null, error: 'CCC record truncated' };
  const reply = buildMeitrackPacket('@@', packet.flag, packet.id, `CCC,${messages.length}`);
  return { messages, reply, locationAck: true };
}

function cccRecord(r: ByteReader, base: Base, now: Date, left: number): LocationMessage {
  const event = r.u8();
  const latitude = i32(r) / 1e6;
  const longitude = i32(r) / 1e6;
  const time = recordTime(le32(r), now);
  const valid = r.u8() === 1;
  const satellites = r.u8();
  const gsmSignal = r.u8();
  const speed = le16(r);
  const course = le16(r);
  const hdop = le16(r) / 10;
  const altitude = le16(r);
  const mileage = le32(r) / 1000;
  const runtime = le32(r);
  const cell = { mcc: le16(r), mnc: le16(r), lac: le16(r), cid: le16(r), rssi: gsmSignal };
  const io = le16(r);
  const adc1 = le16(r);
  const battery = le16(r) / 100;
  const power = le16(r);
  const alarm = eventAlarm(event);
  const msg = messageOf<LocationMessage>(base, {
    type: alarm ? 'alarm' : 'location',
    time: time ?? now,
    valid: valid && time !== null,
    latitude,
    longitude,
    speed,
    course,
    altitude,
    satellites,
    mileage,
    positionType: 'gps',
    gsmSignal,
    // Power is reported raw here (Traccar stores it unscaled too); the AAA packets carry volts.
    attributes: { event, hdop, runtime, io, adc1, batteryVoltage: battery, power, cacheLeft: left },
  });
  if (cell.mcc > 0) msg.cells = [cell];
  if (alarm) {
    msg.alarm = alarm;
    msg.alarms = [alarm];
  }
  return msg;
}

function decodeCce(packet: MeitrackPacket, base: Base, now: Date): DecodeResult {
  const r = new ByteReader(packet.data);
  if (r.remaining < CCE_HEAD) return { messages: [], reply: null, error: 'CCE header truncated' };
  const left = le32(r);
  const count = le16(r);
  const messages: DecodedMessage[] = [];
  for (let i = 0; i < count; i++) {
    const length = le16(r);
    const record = new ByteReader(r.bytes(length));
    record.skip(2); // record index
    const params = readCceGroups(record);
    messages.push(applyCceParams(params, { ...base, serial: i }, now, left));
  }
  return { messages, reply: null };
}

export const le16 = (r: ByteReader): number => {
  const b = r.bytes(2);
  return b.readUInt16LE(0);
};
export const le32 = (r: ByteReader): number => r.bytes(4).readUInt32LE(0);
export const i32 = (r: ByteReader): number => r.bytes(4).readInt32LE(0);
