/**
 * H02 binary frames (`$`, 0x24), all fields BCD unless noted:
 * marker, id (5 bytes, 10 digits; 8 bytes in the 42-byte variant, IMEI in the first 15 digits),
 * hh mm ss dd mm yy (UTC), latitude DDMMmmmm (4), battery (1, binary), longitude DDDMMmmmm and a
 * flags nibble (5: bit 1 fix valid, bit 2 north, bit 3 east), speed (3 digits, knots) and course
 * (1 + 2 digits) in 3 bytes, the status word (4, binary, status.ts). The 32-byte frame ends with
 * 3 bytes Traccar leaves unread; the 45-byte one carries MCC (2), MNC (1), LAC (2) and cell id (2)
 * at offsets 37-43 (the MCC/MNC of the public frames match the countries of their positions).
 * The 46-byte one carries at 33-45 odometer (BCD, m), fuel (2), temperature (2), altitude (1),
 * LAC (2), cell id (2): Traccar's tests hold one from device 2130510938 next to its text twin
 * (`...,69129336,0,100.0,18,5141,5A20`), which these offsets reproduce. Traccar reads none of it.
 */
import { deviceTime, messageOf, type CellTower, type LocationMessage } from '../codec';
import { batteryPercent, decodeStatusWord } from './status';
import { H02_MARK, KNOT_KMH, takeFrameId, type FrameContext } from './context';

const LONG_ID_LENGTH = 42;
const CELL_FRAME_LENGTH = 45;
const CELL_AT = 37;
const SENSOR_FRAME_LENGTH = 46;
const SENSOR_AT = 33;

const hexOf = (frame: Buffer, at: number, n: number) => frame.subarray(at, at + n).toString('hex');
const digits = (s: string) => (/^\d+$/.test(s) ? Number(s) : NaN);

/** The id a binary frame carries, without decoding the rest (the gateway identifies by it). */
export function binaryDeviceId(frame: Buffer): string {
  return frame.length === LONG_ID_LENGTH ? hexOf(frame, 1, 8).slice(0, 15) : hexOf(frame, 1, 5);
}

export function decodeBinaryFrame(frame: Buffer, ctx: FrameContext): LocationMessage | string {
  if (frame.length < 32) return 'binary frame shorter than 32 bytes';
  const deviceId = binaryDeviceId(frame);
  if (!/^\d+$/.test(deviceId)) return 'binary id is not BCD';
  let at = frame.length === LONG_ID_LENGTH ? 9 : 6;
  const t = hexOf(frame, at, 6);
  at += 6;
  const [h, mi, s, d, mo, y] = [0, 2, 4, 6, 8, 10].map((i) => digits(t.slice(i, i + 2)));
  const time = deviceTime(2000 + y, mo, d, h, mi, s, ctx.session.timezoneOffsetMinutes ?? 0);
  const lat = hexOf(frame, at, 4);
  const battery = frame[at + 4];
  const lon = hexOf(frame, at + 5, 5);
  const motion = hexOf(frame, at + 10, 3);
  const word = frame.readUInt32BE(at + 13);
  const flags = parseInt(lon[9], 16);
  const latitude = digits(lat.slice(0, 2)) + digits(lat.slice(2, 8)) / 10000 / 60;
  const longitude = digits(lon.slice(0, 3)) + digits(lon.slice(3, 9)) / 10000 / 60;
  const speed = digits(motion.slice(0, 3));
  const course = digits(motion.slice(3, 6));
  if ([latitude, longitude, speed, course].some(Number.isNaN)) return 'binary position is not BCD';
  takeFrameId(ctx, deviceId);
  const status = decodeStatusWord(word);
  const msg = messageOf<LocationMessage>(ctx.base(H02_MARK.binary), status, {
    type: status.alarm ? 'alarm' : 'location',
    time: time ?? ctx.now,
    valid: time !== null && (flags & 0x02) !== 0,
    latitude: flags & 0x04 ? latitude : -latitude,
    longitude: flags & 0x08 ? longitude : -longitude,
    speed: speed * KNOT_KMH,
    course,
    positionType: 'gps',
  });
  const percent = batteryPercent(battery);
  if (percent !== undefined) msg.battery = percent;
  const tail = at + 17;
  if (frame.length === CELL_FRAME_LENGTH) {
    const cell: CellTower = {
      mcc: frame.readUInt16BE(CELL_AT),
      mnc: frame[CELL_AT + 2],
      lac: frame.readUInt16BE(CELL_AT + 3),
      cid: frame.readUInt16BE(CELL_AT + 5),
    };
    if (!msg.valid && (cell.lac || cell.cid)) {
      msg.cells = [cell];
      msg.positionType = 'lbs';
    }
    msg.attributes = { ...msg.attributes, mcc: cell.mcc, mnc: cell.mnc, lac: cell.lac, cid: cell.cid };
  }
  if (frame.length === SENSOR_FRAME_LENGTH) readSensors(frame, msg);
  // Bytes no public document explains are kept raw for support.
  if (frame.length > tail)
    msg.attributes = { ...msg.attributes, extra: hexOf(frame, tail, frame.length - tail) };
  return msg;
}

/** The 46-byte frame's odometer, fuel, temperature, altitude and cell (see the file comment). */
function readSensors(frame: Buffer, msg: LocationMessage): void {
  const odometer = digits(hexOf(frame, SENSOR_AT, 4));
  if (!Number.isNaN(odometer)) msg.mileage = odometer / 1000;
  msg.fuel = frame.readUInt16BE(SENSOR_AT + 4);
  msg.temperature = frame.readInt16BE(SENSOR_AT + 6);
  msg.altitude = frame[SENSOR_AT + 8];
  msg.attributes = {
    ...msg.attributes,
    lac: frame.readUInt16BE(SENSOR_AT + 9),
    cid: frame.readUInt16BE(SENSOR_AT + 11),
  };
}
