/**
 * GT06 packets of tagged modules: 0x70 (type 2, length 2, value; the newer Concox asset and
 * 4G trackers) and the 0x94 information transfer (a sub-type byte, then its data).
 */
import {
  ByteReader,
  type AlarmType,
  type CellTower,
  type DeviceStatus,
  type HeartbeatMessage,
  type LocationMessage,
  type PositionFix,
} from '../codec';
import { toLocation, type Base, type Gt06Context } from './message';
import { addAlarm } from './status';

/** Event codes of module 0x34. */
const MODULE_EVENTS: ReadonlyMap<number, AlarmType> = new Map<number, AlarmType>([
  [0x10, 'door'],
  [0x12, 'removing'],
  [0x14, 'geofenceEnter'],
  [0x15, 'geofenceExit'],
  [0x16, 'temperature'],
  [0x1a, 'lowBattery'],
  [0x1b, 'overspeed'],
  [0x1c, 'powerOn'],
  [0x1d, 'powerOff'],
  [0x20, 'vibration'],
  [0x21, 'powerCut'],
  [0x23, 'tampering'],
]);

/** Module 0x33: UNIX time, satellites, altitude, coordinates, speed and the course word. */
function moduleFix(v: Buffer): PositionFix {
  const r = new ByteReader(v);
  const time = new Date(r.u32() * 1000);
  const satellites = r.u8();
  const altitude = r.i16();
  let latitude = r.u32() / 1_800_000;
  let longitude = r.u32() / 1_800_000;
  const speed = r.u8();
  const flags = r.u16();
  if ((flags & 0x0400) === 0) latitude = -latitude;
  if ((flags & 0x0800) !== 0) longitude = -longitude;
  return {
    time,
    valid: (flags & 0x1000) !== 0,
    latitude: Math.round(latitude * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
    speed,
    course: flags & 0x03ff,
    altitude,
    satellites,
    positionType: 'gps',
  };
}

/** 0x70: a fix (module 0x33) or none, cell, ICCID, battery, odometer, inputs and an event. */
export function decodeModular(ctx: Gt06Context): LocationMessage {
  const r = new ByteReader(ctx.f.body);
  let fix: PositionFix | null = null;
  const status: DeviceStatus = {};
  const attrs: Record<string, unknown> = {};
  const cells: CellTower[] = [];
  let satellites: number | undefined;
  while (r.remaining >= 4) {
    const type = r.u16();
    const v = r.bytes(Math.min(r.u16(), r.remaining));
    if (type === 0x03 && v.length >= 10) status.iccid = v.subarray(0, 10).toString('hex').replace(/f+$/, '');
    else if (type === 0x09 && v.length >= 1) satellites = v[0];
    else if (type === 0x11 && v.length >= 10) {
      const cid = v.readUIntBE(6, 3);
      if (cid > 0)
        cells.push({
          mcc: v.readUInt16BE(0),
          mnc: v.readUInt16BE(2),
          lac: v.readUInt16BE(4),
          cid,
          rssi: -v[9],
        });
    } else if (type === 0x18 && v.length >= 2) attrs.batteryVoltage = v.readUInt16BE(0) / 100;
    else if (type === 0x28 && v.length >= 1) attrs.hdop = v[0] / 10;
    else if (type === 0x2a && v.length >= 1) {
      attrs.door = (v[0] & 0x0f) > 0;
      attrs.tamper = v[0] >> 4 > 0;
    } else if (type === 0x2e && v.length >= 4)
      attrs.odometer = v.readUInt32LE(0); // metres
    else if (type === 0x33 && v.length >= 20) fix = moduleFix(v);
    else if (type === 0x34 && v.length >= 1) {
      attrs.event = v[0];
      addAlarm(status, MODULE_EVENTS.get(v[0]));
    }
  }
  if (fix && satellites !== undefined && (fix as PositionFix).satellites === undefined)
    (fix as PositionFix).satellites = satellites;
  const found = fix as PositionFix | null;
  if (found && typeof attrs.odometer === 'number') found.mileage = attrs.odometer / 1000;
  delete attrs.odometer;
  return toLocation(ctx, found, status, { cells, attributes: attrs });
}

/**
 * 0x94 information transfer. 7878 form: external voltage (first 2 bytes, 0.01 V). 7979 form: a
 * sub-type: 0x00 external voltage, 0x04 the terminal's status text (ALM1=..;STA1=..;DYD=..),
 * 0x05 door state, 0x0A IMEI, IMSI and ICCID, 0x0B network type (1 byte) or external voltage
 * (2 bytes), 0x0D a fuel sensor's text (!AIOIL), 0x1B a driver tag or serial, 0x1E temperature
 * and humidity. None is answered.
 */
export function decodeInfo(ctx: Gt06Context, base: Base): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  const msg: HeartbeatMessage = { ...base, type: 'status' };
  const attrs: Record<string, unknown> = {};
  if (!ctx.f.extended && r.remaining >= 2) {
    msg.externalVoltage = r.u16() / 100;
    return msg;
  }
  const sub = r.u8();
  if (sub === 0x00 && r.remaining >= 2) msg.externalVoltage = r.u16() / 100;
  else if (sub === 0x0b && r.remaining === 2) msg.externalVoltage = r.u16() / 100;
  else if (sub === 0x0b && r.remaining === 1) attrs.network = r.u8() > 0 ? '4G' : '2G';
  else if (sub === 0x0a && r.remaining >= 26) {
    r.skip(16);
    msg.iccid = r.bytes(10).toString('hex').replace(/f+$/, '');
  } else if (sub === 0x04) {
    for (const pair of r.rest().toString('latin1').split(';')) {
      const [key, value] = pair.split('=');
      const n = Number.parseInt(value ?? '', 16);
      if (Number.isNaN(n)) continue;
      if (/^ALM[1-4]$/.test(key)) attrs[`alarm${key[3]}Status`] = n;
      else if (key === 'STA1') attrs.otherStatus = n;
      else if (key === 'DYD') attrs.engineStatus = n;
    }
  } else if (sub === 0x05 && r.remaining >= 1) {
    if (r.remaining >= 7) r.skip(6); // time
    const flags = r.u8();
    attrs.door = (flags & 1) !== 0;
    attrs.io1 = (flags & 4) !== 0;
  } else if (sub === 0x0d) {
    const text = r.rest().toString('latin1');
    const m = /!AIOIL,\d+,\d+\.\d+,(\d+\.\d+),[^,]+,\d{4},(\d+\.\d+),/.exec(text);
    if (m) {
      msg.temperature = Number(m[1]);
      msg.fuel = Number(m[2]);
    }
  } else if (sub === 0x1b && r.remaining >= 1) {
    const isText = /[A-Za-z]/.test(String.fromCharCode(r.buf[r.offset]));
    if (isText) attrs.serialText = r.rest().toString('latin1').trim();
    else if (r.remaining >= 6) {
      r.skip(2); // header, type
      msg.driverId = r.bytes(4).toString('hex');
    }
  } else if (sub === 0x1e && r.remaining >= 8) {
    msg.temperature = r.buf.readInt32BE(r.offset) / 10;
    attrs.humidity = r.buf.readInt32BE(r.offset + 4) / 10;
  }
  if (Object.keys(attrs).length) msg.attributes = attrs;
  return msg;
}
