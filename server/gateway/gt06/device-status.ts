/**
 * GT06 packets that report device state without a position: the OBD data of FM08ABC (0x8C),
 * the Jimi IoT 4G device status list (0xF1) and the transparent serial data of external
 * devices (0x9B). Each becomes a `status` message; the gateway keeps the device row's state.
 */
import { ByteReader, type HeartbeatMessage } from '../codec';
import type { Base, Gt06Context } from './message';

const status = (base: Base, attributes: Record<string, unknown>): HeartbeatMessage => {
  const msg: HeartbeatMessage = { ...base, type: 'status' };
  if (Object.keys(attributes).length) msg.attributes = attributes;
  return msg;
};

/** OBD keys of 0x8C's text (`<hex key>=<hex value>` pairs; 0x4A is the VIN): odometer, fuel, coolant, speed, rpm... */
const OBD_KEYS: Readonly<Record<number, string>> = {
  0x28: 'odometer',
  0x2b: 'fuel',
  0x2d: 'coolantTemp',
  0x35: 'obdSpeed',
  0x36: 'rpm',
  0x47: 'fuelUsed',
  0x49: 'hours',
};

/** 0x8C: time (6), ACC, then ASCII `pid=value,...` with hexadecimal values in hundredths. */
export function decodeObd(ctx: Gt06Context): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  r.skip(6); // time
  const acc = r.u8() > 0;
  // The text ends before a 12-byte trailer (other decoders read it so; its meaning is not published).
  const text = r.bytes(Math.max(0, r.remaining - 12)).toString('latin1');
  const attrs: Record<string, unknown> = {};
  const msg = status(ctx.base, attrs);
  msg.acc = acc;
  for (const pair of text.split(',')) {
    const [key, value] = pair.split('=');
    if (!key || value === undefined) continue;
    const pid = Number.parseInt(key.slice(0, 2), 16);
    if (pid === 0x4a) attrs.vin = value.trim();
    else if (OBD_KEYS[pid]) {
      const n = Number.parseInt(value, 16);
      if (Number.isFinite(n)) attrs[OBD_KEYS[pid]] = n / 100;
    }
  }
  if (typeof attrs.fuel === 'number') msg.fuel = attrs.fuel;
  if (Object.keys(attrs).length) msg.attributes = attrs;
  return msg;
}

/**
 * 0xF1: UNIX time, then items of id (2), length (1), value: 0x01 motion, 0x02 armed, 0x04 ACC,
 * 0x05 external voltage (0.01 V), 0x07 charging, 0x0A charge voltage, 0x0B battery temperature.
 */
export function decodeDeviceStatus(ctx: Gt06Context): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  r.skip(4); // time
  const attrs: Record<string, unknown> = {};
  const msg = status(ctx.base, attrs);
  while (r.remaining >= 3) {
    const id = r.u16();
    const v = r.bytes(Math.min(r.u8(), r.remaining));
    if (v.length === 0) continue;
    if (id === 0x01) attrs.motion = v[0] === 0x02 || v[0] === 0x04;
    else if (id === 0x02) msg.armed = v[0] > 0;
    else if (id === 0x04) msg.acc = v[0] > 0;
    else if (id === 0x05 && v.length >= 2) msg.externalVoltage = v.readUInt16BE(0) / 100;
    else if (id === 0x07) msg.charging = v[0] > 0;
    else if (id === 0x0a && v.length >= 2) attrs.chargeVoltage = v.readUInt16BE(0);
    else if (id === 0x0b && v.length >= 2) attrs.batteryTemp = v.readUInt16BE(0) / 10;
  }
  if (Object.keys(attrs).length) msg.attributes = attrs;
  else delete msg.attributes;
  return msg;
}

/** 0x9B: an external device type, then its data: text when printable, else hex. */
export function decodeSerialData(ctx: Gt06Context): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  const deviceType = r.u8();
  const data = r.rest();
  const printable = data.every((b) => (b >= 0x20 && b < 0x7f) || b === 0x0d || b === 0x0a || b === 0x09);
  return status(ctx.base, {
    serialDevice: deviceType,
    serialData: printable ? data.toString('latin1').trim() : data.toString('hex'),
  });
}
