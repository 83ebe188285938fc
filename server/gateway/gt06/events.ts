/**
 * GT06 event packets with their own layouts: 0x95 (JC100/JC400 dash cameras) and the AZ735
 * location and alarm packets in the 7979 form (0x32, 0x33), whose GPS block may be empty.
 */
import { ByteReader, type AlarmType, type DeviceStatus, type LocationMessage } from '../codec';
import { toLocation, type Gt06Context } from './message';
import { GT06_PROTOCOL as P } from './numbers';
import { readCell, readDate, readGps } from './read';
import { addAlarm } from './status';

/** 0x95 event codes (JC100/JC400 protocol documents). */
const EVENT_ALARMS: ReadonlyMap<number, AlarmType> = new Map<number, AlarmType>([
  [0x0e, 'lowPower'],
  [0x76, 'temperature'],
  [0x80, 'vibration'],
  [0x87, 'overspeed'],
  [0x88, 'powerCut'],
  [0x90, 'hardAcceleration'],
  [0x91, 'hardBraking'],
  [0x92, 'hardCornering'],
  [0x93, 'accident'],
]);

/**
 * 0x95: a time only (short form) or a fix (JC100: no satellites or speed; JC400: a 0xFFFF marker,
 * a version, and a fix with a two-byte speed after the course), then JC400's power, the event
 * code and its data, then the names of the video files the event recorded.
 */
export function decodeEvent95(ctx: Gt06Context): LocationMessage {
  const r = new ByteReader(ctx.f.body);
  const jc400 = ctx.variant === 'jc400';
  const long = ctx.f.body.length > 7;
  let fix = null;
  let time: Date | null = null;
  if (long) {
    if (jc400) r.skip(3); // marker, version
    fix = readGps(r, ctx.tz, ctx.now, { satellites: jc400, speed: jc400, jc400 });
  } else time = readDate(r, ctx.tz);
  const status: DeviceStatus = {};
  if (jc400) status.externalVoltage = r.u16() / 10;
  const event = r.u8();
  const attributes: Record<string, unknown> = { event };
  if (r.remaining >= 2) attributes.eventData = r.u16();
  // Code 1 is an SOS when the packet has a fix; the short form uses it for any alarm.
  addAlarm(status, event === 0x01 ? (long ? 'sos' : 'general') : EVENT_ALARMS.get(event));
  if (r.remaining > 0)
    attributes.eventFiles = r
      .rest()
      .toString('latin1')
      .replace(/[^\x20-\x7e]/g, '');
  if (fix) delete fix.acc;
  return toLocation(ctx, fix, status, { attributes }, time);
}

const AZ735_ALARMS: ReadonlyMap<number, AlarmType> = new Map<number, AlarmType>([
  [0xa2, 'lowBattery'],
  [0xa3, 'lowBattery'],
  [0xa4, 'general'],
  [0xa5, 'door'],
]);

/**
 * AZ735 (7979 form of 0x32 and 0x33): GPS with a length byte (0: none), a cell with a length
 * byte and its signal, skipped neighbour cells and access points, a status byte (0x33: the
 * alarm or arming event), a skipped extension. Answered with a 7979 ack.
 */
export function decodeAz735(ctx: Gt06Context): LocationMessage {
  const r = new ByteReader(ctx.f.body);
  const timeStart = r.offset;
  const fix = readGps(r, ctx.tz, ctx.now, { hasLength: true });
  const time = fix ? null : readDate(new ByteReader(ctx.f.body, timeStart), ctx.tz);
  const cell = readCell(r, ctx.f.protocol, ctx.variant, true);
  if (cell && r.remaining > 0) cell.rssi = r.u8();
  r.skip(r.u8()); // neighbour cells
  r.skip(r.u8()); // access points
  const code = r.u8();
  const status: DeviceStatus = {};
  if (ctx.f.protocol === P.wifi5) {
    if (code === 0xa0) status.armed = true;
    else if (code === 0xa1) status.armed = false;
    else addAlarm(status, AZ735_ALARMS.get(code));
  }
  if (fix) {
    if (fix.acc !== undefined) status.acc = fix.acc;
    delete fix.acc;
  }
  return toLocation(ctx, fix, status, { cells: cell ? [cell] : [], attributes: { status: code } }, time);
}
