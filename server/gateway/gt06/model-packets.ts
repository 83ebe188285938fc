/**
 * GT06 packets that one product line defines in its own way: the X1 location (0x34), the
 * SR411 mini (0x24 at length 0x2E), the iButton driver packet (0x61), the TRX16i RFID location
 * (0x36 at length 0x35), the 4G location with a typed cell (0x38), the GK310 heartbeat (0x23),
 * the long 0x13 status of asset trackers and SEEWORLD's 0xA3 status.
 */
import {
  ByteReader,
  type CellTower,
  type DeviceStatus,
  type HeartbeatMessage,
  type LocationMessage,
} from '../codec';
import { toHeartbeat, toLocation, type Gt06Context } from './message';
import { GT06_PROTOCOL as P } from './numbers';
import { readCell, readGps } from './read';
import { decodeInfoByte } from './status';

type Found = DeviceStatus & { mileage?: number; archived?: boolean };

/** GPS then a model tail; the fix's ACC bits count unless the tail says otherwise. */
export function decodeModelLocation(ctx: Gt06Context): LocationMessage {
  const { f, variant } = ctx;
  const r = new ByteReader(f.body);
  const status: Found = {};
  const attrs: Record<string, unknown> = {};
  let cells: CellTower[] = [];
  if (f.protocol === P.iButton) r.skip(8); // IMEI
  if (f.protocol === P.x1Gps) r.skip(4); // data and alarm flags
  const fix = readGps(r, ctx.tz, ctx.now)!; // no length byte: never null
  if (fix.acc !== undefined) status.acc = fix.acc;
  delete fix.acc;
  if (f.protocol === P.x1Gps) {
    r.skip(2); // terminal information
    status.mileage = r.u32() / 1000;
    cells.push({ mcc: r.u16(), mnc: r.u8(), lac: r.u16(), cid: r.u32() });
    const driver = r.u32();
    if (driver > 0) status.driverId = String(driver);
    attrs.batteryVoltage = r.u16() / 100;
    status.externalVoltage = r.u16() / 100;
    const ports = r.u32();
    attrs.input = r.u8();
    attrs.output = r.u8();
    const adc = (ports >>> 20) & 0x0f;
    for (let i = 1; i <= adc && r.remaining >= 2; i++) attrs[`adc${i}`] = r.u16() / 100;
  } else if (f.protocol === P.gpsLbs8) {
    r.skip(1); // upload mode
    if (r.u8() > 0) status.archived = true;
    const cell = readCell(r, f.protocol, variant, false);
    if (cell) cells = [cell];
  } else {
    const cell = readCell(r, f.protocol, variant, false);
    if (cell) cells = [cell];
    if (f.protocol === P.iButton) {
      const high = r.u32();
      status.driverId = String(high * 65536 + r.u16());
    } else if (f.protocol === P.lbsMultiple3) {
      status.acc = r.u8() > 0;
      status.externalVoltage = r.u16() / 100;
      attrs.batteryVoltage = r.u16() / 100;
    } else if (f.protocol === P.status2) {
      status.acc = r.u8() > 0;
      r.skip(1); // upload mode
      if (r.u8() > 0) status.archived = true;
      status.mileage = r.u32() / 1000;
      status.externalVoltage = r.u16() / 100;
      attrs.batteryVoltage = r.u8() / 10;
      attrs.hours = r.u24() * 60; // seconds
      const rfid = r.bytes(8).toString('hex');
      if (!/^0+$/.test(rfid)) status.driverId = rfid;
    }
  }
  return toLocation(ctx, fix, status, { cells, attributes: attrs });
}

/** Whether decodeModelLocation reads the frame. */
export function isModelLocation(ctx: Pick<Gt06Context, 'f' | 'variant'>): boolean {
  const { f, variant } = ctx;
  if (f.protocol === P.x1Gps) return variant !== 'sl4x';
  if (f.protocol === P.lbsMultiple3) return variant === 'sr411';
  if (f.protocol === P.status2) return variant === 'trx16i';
  return f.protocol === P.iButton || f.protocol === P.gpsLbs8;
}

/** 0x23 (GK310): the information byte, then battery volts (2 bytes, 0.01 V) and the signal. */
export function decodeGk310Heartbeat(ctx: Gt06Context): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  const info = decodeInfoByte(r.u8());
  const status: DeviceStatus = { armed: info.armed, acc: info.acc, charging: info.charging };
  const attrs: Record<string, unknown> = {};
  if (r.remaining >= 2) attrs.batteryVoltage = r.u16() / 100;
  if (r.remaining >= 1) status.gsmSignal = r.u8();
  return toHeartbeat(ctx, status, attrs);
}

/**
 * 0x13 with a 16-byte body (asset trackers): information, satellites, alarm, language, battery
 * percent, working mode, voltage, reserved, working count and time, then a temperature whose
 * bit 15 set means above zero.
 */
export function decodeLongStatus(ctx: Gt06Context): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  const info = decodeInfoByte(r.u8());
  delete info.alarm;
  delete info.alarms;
  r.skip(4); // satellites, alarm, language
  const status: DeviceStatus = { ...info, battery: r.u8() };
  r.skip(8); // mode, voltage, reserved, working count, working time
  const t = r.u16();
  status.temperature = ((t & 0x8000 ? 1 : -1) * (t & 0x7fff)) / 10;
  return toHeartbeat(ctx, status);
}

/**
 * SEEWORLD 0xA3 at length 0x18 (a status, not the GK310 fence location): information byte,
 * extension word, voltage level, signal, power, language, sound and light
 * switches, steps (u32), battery percent, charging (1).
 */
export function decodeSeeworldStatus(ctx: Gt06Context): HeartbeatMessage {
  const r = new ByteReader(ctx.f.body);
  const info = decodeInfoByte(r.u8());
  delete info.alarm;
  delete info.alarms;
  r.skip(3); // extension word, voltage level
  const status: DeviceStatus = { ...info, gsmSignal: r.u8() };
  // The power byte is kept as sent: a watch has no external supply to read it as.
  const attrs: Record<string, unknown> = { power: r.u8() };
  r.skip(3); // language, sound, light
  attrs.steps = r.u32();
  const battery = r.u8();
  if (battery <= 100) status.battery = battery;
  status.charging = r.u8() === 1;
  return toHeartbeat(ctx, status, attrs);
}
