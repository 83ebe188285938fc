/**
 * Location reports outside the standard's 0x0200:
 *
 * - 0x5501 (real time) and 0x5502 (blind area, stored while offline) of Jointech JT701/JT709
 *   e-locks: the JT600 binary position (BCD date DDMMYY hhmmss, BCD latitude DDMM.mmmm and
 *   longitude DDDMM.mmmm, a flag nibble, BCD speed in knots, course / 2), then signal,
 *   satellites, odometer (km), battery (0xAA/0xAB charging), cell id u32, LAC u16, product type,
 *   status u16, alarm u16 and (id u8, length u8) items.
 * - 0x0210: a batch of 0x0200 bodies each behind a 1-byte length (no count, no type), used by
 *   some long-standby firmware; a 7-byte 0x0210 is a battery level and a BCD time instead.
 */
import { ByteReader, deviceTime, type AlarmType } from '../codec';
import type { Jt808Position } from './items';

const KNOTS_TO_KMH = 1.852;

/** The digits of BCD bytes; null when a nibble is not a digit. */
function bcdDigits(b: Buffer): string | null {
  const hex = b.toString('hex');
  return /^\d+$/.test(hex) ? hex : null;
}

/** DDMM.mmmm (or DDDMM.mmmm) packed as digits → degrees. */
function degrees(digits: string, degreeDigits: number): number {
  const deg = Number(digits.slice(0, degreeDigits));
  const minutes = Number(digits.slice(degreeDigits)) / 10_000;
  return deg + minutes / 60;
}

/** Product 1-2 (JT701 variants): bit 0 low power; product 3 (JT709): table below. */
const PRODUCT3_ALARMS: ReadonlyArray<readonly [number, AlarmType]> = [
  [0, 'overspeed'],
  [1, 'lowPower'],
  [2, 'vibration'],
  [3, 'lowBattery'],
  [5, 'geofenceEnter'],
  [6, 'geofenceExit'],
];

export function decodeJt808VendorLocation(body: Buffer, blind: boolean, now: Date): Jt808Position {
  const r = new ByteReader(body);
  const date = bcdDigits(r.bytes(6));
  // 0x5501 times are UTC (GPS time), unlike the 0x0200 local time.
  const time = date
    ? deviceTime(
        2000 + Number(date.slice(4, 6)),
        Number(date.slice(2, 4)),
        Number(date.slice(0, 2)),
        Number(date.slice(6, 8)),
        Number(date.slice(8, 10)),
        Number(date.slice(10, 12)),
        0,
      )
    : null;
  const lat = bcdDigits(r.bytes(4));
  const lonAndFlags = r.bytes(5).toString('hex');
  const flags = parseInt(lonAndFlags[9], 16);
  const lon = /^\d{9}$/.test(lonAndFlags.slice(0, 9)) ? lonAndFlags.slice(0, 9) : null;
  const speedDigits = bcdDigits(r.bytes(1));
  const course = r.u8() * 2;
  const latitude = lat ? degrees(lat, 2) * (flags & 0x2 ? 1 : -1) : 0;
  const longitude = lon ? degrees(lon, 3) * (flags & 0x4 ? 1 : -1) : 0;
  const p: Jt808Position = {
    time: time ?? now,
    valid: time !== null && lat !== null && lon !== null && (flags & 0x1) !== 0,
    latitude,
    longitude,
    speed: speedDigits ? Math.round(Number(speedDigits) * KNOTS_TO_KMH * 10) / 10 : 0,
    course,
    positionType: 'gps',
  };
  if (blind) p.archived = true;
  p.gsmSignal = r.u8();
  p.satellites = r.u8();
  p.mileage = r.u32();
  const battery = r.u8();
  if (battery <= 100) p.battery = battery;
  else if (battery === 0xaa || battery === 0xab) p.charging = true;
  const cid = r.u32();
  const lac = r.u16();
  // No MCC/MNC here (item 0x0A has them): kept as attributes, not as a cell for geolocation.
  const attributes: Record<string, unknown> = {};
  if (cid > 0 && lac > 0) Object.assign(attributes, { cid, lac });
  const product = r.u8();
  const status = r.u16();
  const alarmWord = r.u16();
  attributes.product = product;
  attributes.status = status;
  const alarms: AlarmType[] = [];
  if ((product === 1 || product === 2) && alarmWord & 1) alarms.push('lowPower');
  if (product === 3) {
    p.fuelCut = (status & 0x20) !== 0;
    for (const [bit, name] of PRODUCT3_ALARMS) if (alarmWord & (1 << bit)) alarms.push(name);
  }
  while (r.remaining >= 2) {
    const id = r.u8();
    const len = r.u8();
    if (len > r.remaining) break;
    const v = r.bytes(len);
    if (id === 0x02 && len === 2) p.altitude = v.readInt16BE(0);
    else if (id === 0x10 && len === 1) attributes.wakeSource = v[0];
    else if (id === 0xfc && len === 1) attributes.geofenceId = v[0];
  }
  p.attributes = attributes;
  if (alarms.length) {
    p.alarms = alarms;
    p.alarm = alarms[0];
  }
  return p;
}
