/**
 * 0x0900 uplink transparent data: a type byte, then the content. The standard reserves 0x00
 * (GNSS detail), 0x0B (IC card), 0x41/0x42 (serial ports) and leaves 0xF0-0xFF to vendors.
 * Those carrying a position:
 *
 * - 0xF0 (OBD boxes): BCD time, archive flag, vehicle type, sub-type; sub-types 0x01 (data
 *   stream: count, then id u16 / length u8 / value), 0x02 (fault codes) and 0x03 (alarms:
 *   count, then id u8 / length u8 / value) end with the 0x0200 status word, latitude and longitude.
 * - 0xFF: BCD time, latitude and longitude (signed, 1e-6 degree), altitude, speed (1/10 km/h), course.
 * - 0x53 / 0x54 (Bluetooth tag and sensor reports): status word, latitude, longitude, altitude,
 *   speed, course, BCD time, then the tags or sensors.
 *
 * Other types return null: the gateway answers them and logs the frame, nothing is stored.
 */
import { ByteReader, DecodeError, type AlarmType } from '../codec';
import { readBcdTime, readStatusAndPlace, type Jt808Position } from './location';

/** 0xF0 sub-type 0x03 alarm ids. */
const F0_ALARMS: Readonly<Record<number, AlarmType>> = {
  0x02: 'powerCut',
  0x0e: 'idle',
  0x1a: 'hardAcceleration',
  0x1b: 'hardBraking',
  0x1c: 'hardCornering',
  0x1d: 'laneChange',
  0x1e: 'laneChange',
  0x1f: 'laneChange',
  0x23: 'fatigue',
  0x25: 'overspeed',
  0x26: 'accident',
  0x27: 'accident',
  0x28: 'accident',
  0x31: 'door',
  0x32: 'door',
};

/** 0xF0 sub-type 0x01 data-stream ids we read (the rest are kept by id). */
function dataStream(r: ByteReader, attrs: Record<string, unknown>, p: Jt808Position) {
  const count = r.u8();
  for (let i = 0; i < count; i++) {
    const id = r.u16();
    const v = r.bytes(r.u8());
    if ((id === 0x0102 || id === 0x0528 || id === 0x0546) && v.length === 4)
      p.mileage = v.readUInt32BE(0) / 10;
    else if (id === 0x0103 && v.length === 4) p.fuel = v.readUInt32BE(0) / 100;
    else if (id === 0x052a && v.length === 2) p.fuel = v.readUInt16BE(0) / 100;
    else if (id === 0x0530 && v.length === 2) p.externalVoltage = v.readUInt16BE(0) / 1000;
    else if (id === 0x0536 && v.length === 2) attrs.rpm = v.readUInt16BE(0);
    else if (id === 0x0535 && v.length === 2) attrs.obdSpeed = v.readUInt16BE(0) / 10;
    else if (id === 0x052d && v.length === 1) attrs.coolantTemp = v[0] - 40;
    else if (v.length <= 4) attrs[`io${id.toString(16)}`] = v.length ? v.readUIntBE(0, v.length) : 0;
  }
}

/** Trims what Java's trim() trims: every character up to the space, NUL included. */
function stripPadding(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

function faultCodes(r: ByteReader, attrs: Record<string, unknown>) {
  const codes: string[] = [];
  const systems = r.u16();
  for (let i = 0; i < systems; i++) {
    r.skip(4); // system id
    const n = r.u16();
    for (let j = 0; j < n; j++) {
      r.skip(8); // code, status
      // Codes come padded with NULs or spaces (e.g. "P1457\0").
      codes.push(stripPadding(r.bytes(r.u16()).toString('latin1')));
    }
  }
  attrs.dtcs = codes.join(' ');
}

function typeF0(r: ByteReader, tz: number, now: Date): Jt808Position | null {
  const time = readBcdTime(r.bytes(6), tz);
  const archived = r.u8() > 0;
  r.skip(1); // vehicle type
  const sub = r.u8();
  const attrs: Record<string, unknown> = {};
  const alarms: AlarmType[] = [];
  const p = { attributes: attrs } as Jt808Position;
  if (sub === 0x01) dataStream(r, attrs, p);
  else if (sub === 0x02) faultCodes(r, attrs);
  else if (sub === 0x03) {
    const count = r.u8();
    for (let i = 0; i < count; i++) {
      const name = F0_ALARMS[r.u8()];
      r.skip(r.u8());
      if (name && !alarms.includes(name)) alarms.push(name);
    }
  } else return null;
  const place = readStatusAndPlace(r);
  Object.assign(p, {
    time: time ?? now,
    valid: time !== null && (place.status & 0x02) !== 0,
    latitude: place.latitude,
    longitude: place.longitude,
    acc: place.acc,
    speed: 0,
    course: 0,
    positionType: 'gps',
  });
  if (archived) p.archived = true;
  if (alarms.length) {
    p.alarms = alarms;
    p.alarm = alarms[0];
  }
  return p;
}

function typeFF(r: ByteReader, tz: number, now: Date): Jt808Position {
  const time = readBcdTime(r.bytes(6), tz);
  const latitude = r.buf.readInt32BE(r.offset) / 1e6;
  r.skip(4);
  const longitude = r.buf.readInt32BE(r.offset) / 1e6;
  r.skip(4);
  return {
    time: time ?? now,
    valid: time !== null,
    latitude,
    longitude,
    altitude: r.i16(),
    speed: r.u16() / 10,
    course: r.u16(),
    positionType: 'gps',
  };
}

function type53(r: ByteReader, tz: number, now: Date): Jt808Position {
  const place = readStatusAndPlace(r);
  const altitude = r.i16();
  const speed = r.u16() / 10;
  const course = r.u16();
  const time = readBcdTime(r.bytes(6), tz);
  return {
    time: time ?? now,
    valid: time !== null && (place.status & 0x02) !== 0,
    latitude: place.latitude,
    longitude: place.longitude,
    altitude,
    speed,
    course,
    acc: place.acc,
    positionType: 'gps',
  };
}

/**
 * The position a 0x0900 body carries, or null when its type carries none we read or the body
 * is short of its layout (the frame is still answered: vendor data must not make it resend).
 */
export function decodeJt808Transparent(body: Buffer, tz: number, now: Date): Jt808Position | null {
  if (body.length === 0) return null;
  const r = new ByteReader(body, 1);
  try {
    if (body[0] === 0xf0) return typeF0(r, tz, now);
    if (body[0] === 0xff) return typeFF(r, tz, now);
    if (body[0] === 0x53 || body[0] === 0x54) return type53(r, tz, now);
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
  }
  return null;
}
